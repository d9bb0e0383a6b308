import { firstRow, users, type Db } from '@app/db';
import { authMessages } from '@app/validators';
import { and, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { writeTransaction } from '../../core/write';
import type { PublicUser } from './events';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { isUsernameTaken, publicColumns, publicUser } from './profiles';
import { startSession } from './sessions';

export interface SignedIn {
  user: PublicUser;
  sessionId: string;
}

export async function signUp(
  deps: ApiDeps,
  input: { username: string; password: string },
): Promise<SignedIn> {
  if (await isUsernameTaken(deps.db, input.username)) {
    throw new Refusal({ code: 'CONFLICT', message: authMessages.usernameTaken });
  }
  const passwordHash = await hashPassword(input.password, deps.scryptLogN);
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    // Another sign-up may have taken the name while we hashed, or (on PostgreSQL) be taking it
    // now, beside this one: the name's unique index decides, and the loser hears it in words.
    const created = await firstRow(
      tx
        .insert(users)
        .values({ username: input.username, passwordHash, dateJoined: now })
        .onConflictDoNothing()
        .returning({ id: users.id, ...publicColumns }),
    );
    if (!created) throw new Refusal({ code: 'CONFLICT', message: authMessages.usernameTaken });
    const { id, ...row } = created;
    const user = publicUser(row);
    publish('user', user.username, { type: 'created', user });
    return { user, sessionId: await startSession(tx, id, now) };
  });
}

const loginRow = async (db: Db, username: string) =>
  firstRow(
    db
      .select({ id: users.id, passwordHash: users.passwordHash, ...publicColumns })
      .from(users)
      // Names are unique ignoring case (see the users table), so 'Bob' signs in as 'bob'.
      .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt))),
  );

/**
 * Checks the password; the same message and the same work whether or not the name exists.
 * Attempts count before the (slow) check, so concurrent guesses count too, against three limits
 * (limits.ts): per username AND address (the lockout: 5 wrong passwords pause that account from that
 * address only, so an attacker cannot lock the real user out from elsewhere), per address (one
 * machine guessing many accounts), and a slower one per username from everywhere (an attack spread
 * over many addresses). A success hands its attempts back and clears its pair's failures. Past any
 * limit the answer is TOO_MANY_REQUESTS, before any password is checked.
 */
export async function logIn(
  deps: ApiDeps,
  clientAddress: string,
  input: { username: string; password: string },
): Promise<SignedIn> {
  const { limiters } = deps;
  const nameKey = input.username.toLowerCase();
  const pairKey = `${nameKey}\n${clientAddress}`;
  const attempts = [
    [limiters.loginByAddress, clientAddress],
    [limiters.loginByUsernameAndAddress, pairKey],
    [limiters.loginByUsername, nameKey],
  ] as const;
  for (const [index, [limiter, key]] of attempts.entries()) {
    if (!(await limiter.tryConsume(key))) {
      for (const [counted, countedKey] of attempts.slice(0, index))
        await counted.refund(countedKey);
      throw new Refusal({ code: 'TOO_MANY_REQUESTS', message: authMessages.tooManyAttempts });
    }
  }
  const row = await loginRow(deps.db, input.username);
  const ok = await verifyPassword(
    input.password,
    row?.passwordHash ?? (await decoyHash(deps.scryptLogN)),
  );
  if (!row || !ok) {
    throw new Refusal({ code: 'UNAUTHORIZED', message: authMessages.invalidCredentials });
  }
  await limiters.loginByUsernameAndAddress.reset(pairKey);
  await limiters.loginByAddress.refund(clientAddress);
  await limiters.loginByUsername.refund(nameKey);
  const { id, passwordHash: _hash, ...user } = row;
  const sessionId = await writeTransaction(deps, ({ tx, now }) => startSession(tx, id, now));
  return { user: publicUser(user), sessionId };
}
