import { firstRow, dialect, type Executor, users } from '@app/db';
import { shownReputation, userMessages } from '@app/validators';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Role, Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import type { PublicUser } from './events';
import { hashPassword } from './passwords';
import { endOtherSessions } from './sessions';

export type { PublicUser } from './events';

export const publicColumns = {
  username: users.username,
  biography: users.biography,
  dateJoined: users.dateJoined,
  reputation: users.reputation,
};

/** A user row as anyone may see it: the reputation as shown (never below 1). */
export const publicUser = <T extends { reputation: number }>(row: T): T => ({
  ...row,
  reputation: shownReputation(row.reputation),
});

/**
 * Users by name; `filter` keeps names that contain it, case-sensitively: the SQL form of
 * usernameMatchesFilter in @app/validators (SPEC §5), which the web applies to live changes.
 */
export async function listUsers({ db }: ApiDeps, filter = ''): Promise<PublicUser[]> {
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        filter ? dialect.containsExactly(users.username, filter) : undefined,
      ),
    )
    .orderBy(asc(users.username));
  return rows.map(publicUser);
}

export async function getUser({ db }: ApiDeps, username: string): Promise<PublicUser> {
  const user = await firstRow(
    db
      .select(publicColumns)
      .from(users)
      .where(and(eq(users.username, username), isNull(users.deletedAt))),
  );
  if (!user) throw new Refusal({ code: 'NOT_FOUND', message: userMessages.notFound });
  return publicUser(user);
}

/** The signed-in user as auth.me gives it: the public profile, and the account's role and standing. */
export interface SignedInUser extends PublicUser {
  /** 'moderator' for moderators (granted from the command line). */
  role?: Role;
  /** While in the future: suspended until then, for `suspensionReason`. */
  suspendedUntil?: Date | null;
  suspensionReason?: string | null;
}

/** The viewer's own profile with their role and suspension (a past suspension reads as none). */
export async function getSignedInUser(deps: ApiDeps, viewer: Viewer): Promise<SignedInUser> {
  const user = await getUser(deps, viewer.username);
  const standing = await firstRow(
    deps.db
      .select({ suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
      .from(users)
      .where(eq(users.id, viewer.id)),
  );
  const suspended =
    standing?.suspendedUntil && standing.suspendedUntil.getTime() > Date.now() ? standing : null;
  return {
    ...user,
    role: viewer.role,
    suspendedUntil: suspended?.suspendedUntil ?? null,
    suspensionReason: suspended?.suspensionReason ?? null,
  };
}

/** Only the owner of a profile may change it: the name in the request must be the session's. */
function assertOwner(viewer: Viewer, username: string): void {
  if (viewer.username !== username) {
    throw new Refusal({ code: 'FORBIDDEN', message: userMessages.notOwner });
  }
}

export async function updateBiography(
  deps: ApiDeps,
  viewer: Viewer,
  input: { username: string; biography: string },
): Promise<{ user: PublicUser; event: PublishedEvent<'user'> }> {
  assertOwner(viewer, input.username);
  return writeTransaction(deps, async ({ tx, publish }) => {
    const row = await firstRow(
      tx
        .update(users)
        .set({ biography: input.biography })
        .where(and(eq(users.id, viewer.id), isNull(users.deletedAt)))
        .returning(publicColumns),
    );
    if (!row) throw new Refusal({ code: 'NOT_FOUND', message: userMessages.notFound });
    const user = publicUser(row);
    return { user, event: publish('user', user.username, { type: 'updated', user }) };
  });
}

/** Sets a new password and ends every other session of the user: a thief's copy stops working. */
export async function resetPassword(
  deps: ApiDeps,
  viewer: Viewer,
  input: { username: string; password: string },
): Promise<void> {
  assertOwner(viewer, input.username);
  // Hashing is slow: done before the write, which only touches the database.
  const passwordHash = await hashPassword(input.password, deps.scryptLogN);
  await writeTransaction(deps, async ({ tx }) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, viewer.id));
    await endOtherSessions(tx, viewer.id, viewer.sessionId);
  });
}

/**
 * Deletes the account: the row stays (posts keep their author, the name stays taken),
 * the password and biography go, and every session ends.
 */
export async function deleteUser(deps: ApiDeps, viewer: Viewer, username: string): Promise<void> {
  assertOwner(viewer, username);
  await writeTransaction(deps, async ({ tx, now, publish }) => {
    const row = await firstRow(
      tx
        .update(users)
        .set({ deletedAt: now, passwordHash: null, biography: '' })
        .where(and(eq(users.id, viewer.id), isNull(users.deletedAt)))
        .returning(publicColumns),
    );
    if (!row) throw new Refusal({ code: 'NOT_FOUND', message: userMessages.notFound });
    await endOtherSessions(tx, viewer.id);
    publish('user', row.username, { type: 'deleted', user: publicUser(row) });
  });
}

export async function isUsernameTaken(tx: Executor, username: string): Promise<boolean> {
  return !!(await firstRow(
    tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`),
  ));
}
