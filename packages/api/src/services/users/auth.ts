import { users, type Db } from '@app/db';
import { authMessages } from '@app/validators';
import { TRPCError } from '@trpc/server';
import { and, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../deps';
import { writeTransaction } from '../shared/write';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { isUsernameTaken, publicColumns } from './profiles';
import { startSession } from './sessions';
import type { PublicUser } from './user-events';

export interface SignedIn {
  user: PublicUser;
  sessionId: string;
}

export async function signUp(
  deps: ApiDeps,
  input: { username: string; password: string },
): Promise<SignedIn> {
  if (isUsernameTaken(deps.db, input.username)) {
    throw new TRPCError({ code: 'CONFLICT', message: authMessages.usernameTaken });
  }
  const passwordHash = await hashPassword(input.password);
  return writeTransaction(deps, ({ tx, now, publish }) => {
    // Checked again inside the transaction: another sign-up may have taken the name while we hashed.
    if (isUsernameTaken(tx, input.username))
      throw new TRPCError({ code: 'CONFLICT', message: authMessages.usernameTaken });
    const created = tx
      .insert(users)
      .values({ username: input.username, passwordHash, dateJoined: now })
      .returning({ id: users.id, ...publicColumns })
      .get();
    const { id, ...user } = created;
    publish('user', user.username, { type: 'created', user });
    return { user, sessionId: startSession(tx, id, now) };
  });
}

const loginRow = (db: Db, username: string) =>
  db
    .select({ id: users.id, passwordHash: users.passwordHash, ...publicColumns })
    .from(users)
    // Names are unique ignoring case (see the users table), so 'Bob' signs in as 'bob'.
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .get();

/**
 * Checks the password; the same message and the same work whether or not the name exists.
 * Attempts count per username and per client address before the (slow) check, so concurrent guesses
 * count too; a success hands its attempt back. Past the limit the answer is TOO_MANY_REQUESTS.
 */
export async function logIn(
  deps: ApiDeps,
  clientAddress: string,
  input: { username: string; password: string },
): Promise<SignedIn> {
  const { limiters } = deps;
  const nameKey = input.username.toLowerCase();
  const addressAllowed = await limiters.loginByAddress.tryConsume(clientAddress);
  if (!addressAllowed || !(await limiters.loginByUsername.tryConsume(nameKey))) {
    if (addressAllowed) await limiters.loginByAddress.refund(clientAddress);
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: authMessages.tooManyAttempts });
  }
  const row = loginRow(deps.db, input.username);
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash()));
  if (!row || !ok) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: authMessages.invalidCredentials });
  }
  await limiters.loginByUsername.reset(nameKey);
  await limiters.loginByAddress.refund(clientAddress);
  const { id, passwordHash: _hash, ...user } = row;
  const sessionId = await writeTransaction(deps, ({ tx, now }) => startSession(tx, id, now));
  return { user, sessionId };
}
