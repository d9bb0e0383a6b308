import { users, type Db } from '@app/db';
import { authMessages } from '@app/validators';
import { TRPCError } from '@trpc/server';
import { and, isNull, sql } from 'drizzle-orm';
import type { EventBus } from '../events';
import type { LoginLimiters } from '../rate-limit';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { startSession } from './sessions';
import { isUsernameTaken, type PublicUser } from './users';

export interface SignedIn {
  user: PublicUser;
  sessionId: string;
}

export async function signUp(
  db: Db,
  events: EventBus,
  input: { username: string; password: string },
): Promise<SignedIn> {
  if (isUsernameTaken(db, input.username)) {
    throw new TRPCError({ code: 'CONFLICT', message: authMessages.usernameTaken });
  }
  const passwordHash = await hashPassword(input.password);
  const created = db.transaction((tx) => {
    // Checked again inside the transaction: another sign-up may have taken the name while we hashed.
    if (isUsernameTaken(tx, input.username)) return null;
    const user = tx
      .insert(users)
      .values({ username: input.username, passwordHash, dateJoined: new Date() })
      .returning({
        id: users.id,
        username: users.username,
        biography: users.biography,
        dateJoined: users.dateJoined,
      })
      .get();
    return { user, sessionId: startSession(tx, user.id) };
  });
  if (!created) throw new TRPCError({ code: 'CONFLICT', message: authMessages.usernameTaken });
  const { id: _id, ...user } = created.user;
  events.publish('user', { type: 'created', user });
  return { user, sessionId: created.sessionId };
}

/**
 * Checks the password; the same message and the same work whether or not the name exists.
 * Attempts count per username and per client address before the (slow) check, so concurrent guesses
 * count too; a success hands its attempt back. Past the limit the answer is TOO_MANY_REQUESTS.
 */
export async function logIn(
  db: Db,
  limiters: LoginLimiters,
  clientAddress: string,
  input: { username: string; password: string },
): Promise<SignedIn> {
  const nameKey = input.username.toLowerCase();
  const addressAllowed = limiters.byAddress.tryConsume(clientAddress);
  if (!addressAllowed || !limiters.byUsername.tryConsume(nameKey)) {
    if (addressAllowed) limiters.byAddress.refund(clientAddress);
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: authMessages.tooManyAttempts });
  }
  const row = db
    .select({
      id: users.id,
      username: users.username,
      biography: users.biography,
      dateJoined: users.dateJoined,
      passwordHash: users.passwordHash,
    })
    .from(users)
    // Names are unique ignoring case (see the users table), so 'Bob' signs in as 'bob'.
    .where(and(sql`lower(${users.username}) = lower(${input.username})`, isNull(users.deletedAt)))
    .get();
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash()));
  if (!row || !ok) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: authMessages.invalidCredentials });
  }
  limiters.byUsername.reset(nameKey);
  limiters.byAddress.refund(clientAddress);
  return {
    user: { username: row.username, biography: row.biography, dateJoined: row.dateJoined },
    sessionId: startSession(db, row.id),
  };
}
