import { boundTo, firstRow, sessions, users, type Db } from '@app/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { perDb } from './prepared';

/** A session lasts this long from sign-in, whatever the cookie says. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in user a call acts for: read from its session on every call, never from its input. */
export interface Viewer {
  id: number;
  username: string;
  sessionId: string;
  /** 'moderator' when granted from the command line; everyone else is a 'user'. */
  role: Role;
  /** While in the future, the viewer may read and sign in but not write. */
  suspendedUntil: Date | null;
}

export type Role = 'user' | 'moderator';

export const isModerator = (viewer: Pick<Viewer, 'role'> | null): boolean =>
  viewer?.role === 'moderator';

export const isSuspended = (viewer: Pick<Viewer, 'suspendedUntil'>, now = Date.now()): boolean =>
  viewer.suspendedUntil !== null && viewer.suspendedUntil.getTime() > now;

// The session's user by a subquery, not a join: SQLite compiles a join whose WHERE binds a value
// again on every run (better-sqlite3 binds on every run), and every request makes this look-up.
const sessionUser = perDb((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(
      and(
        eq(
          users.id,
          sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sql.placeholder('sid')} and ${sessions.createdAt} > ${sql.placeholder('since')})`,
        ),
        isNull(users.deletedAt),
      ),
    )
    .prepare(),
);

/** The signed-in user behind a session id, or null when the session was ended, expired or never existed. */
export async function findSessionUser(
  db: Db,
  sessionId: string,
  now = Date.now(),
): Promise<Viewer | null> {
  const params = {
    sid: sessionId,
    since: boundTo(sessions.createdAt, now - SESSION_LIFETIME_MS),
  };
  // Every request asks: on SQLite, on the writer connection when it is between transactions (a
  // warm cache; the reader's is emptied by every commit), checked and read in one synchronous step.
  const idle = db.$writer.idleHandle?.();
  const row = idle
    ? sessionUser(idle as Db).all(params)[0]
    : await firstRow(sessionUser(db).execute(params));
  return row ? { ...row, role: row.role === 'moderator' ? 'moderator' : 'user', sessionId } : null;
}
