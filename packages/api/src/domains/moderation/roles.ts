import { firstRow, users, type Db } from '@app/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { Role } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { recordModeratorAction } from '../audit/audit';

/**
 * Grants or revokes the moderator role: only from the command line (npm run admin), never through
 * a procedure. The audit row names the user as both sides, with where it came from: the log has no
 * moderator to name for a command typed on the server. The user's open pages hear of it (the
 * account topic), whichever process serves them. Answers the user's exact name and whether
 * anything changed, or null when there is no such user.
 */
export async function setUserRole(
  deps: Pick<ApiDeps, 'db' | 'events'>,
  username: string,
  role: Role,
): Promise<{ username: string; changed: boolean } | null> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const user = await firstRow(
      tx
        .select({ id: users.id, username: users.username, role: users.role })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt))),
    );
    if (!user) return null;
    if (user.role === role) return { username: user.username, changed: false };
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await recordModeratorAction(
      { tx, now },
      {
        moderatorId: user.id,
        action: role === 'moderator' ? 'grant' : 'revoke',
        targetKind: 'user',
        targetId: user.id,
        targetUserId: user.id,
        details: 'from the command line',
      },
    );
    publish('account', user.username, { type: 'role', username: user.username, role });
    return { username: user.username, changed: true };
  });
}

/** The moderators' names, in order. */
export async function listModerators(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.role, 'moderator'), isNull(users.deletedAt)))
    .orderBy(asc(users.username));
  return rows.map((row) => row.username);
}
