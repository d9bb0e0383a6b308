import { sessions, users, type Db, type Executor } from '@app/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { perDb } from '../shared/prepared';

/** A session lasts this long from sign-in, whatever the cookie says. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface Viewer {
  id: number;
  username: string;
  sessionId: string;
}

const sessionUser = perDb((db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        gt(sessions.createdAt, sql.placeholder('since')),
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
  const row = sessionUser(db).get({ sid: sessionId, since: now - SESSION_LIFETIME_MS });
  return row ? { ...row, sessionId } : null;
}

/** A new session id; call inside the write that signs the user in. */
export function startSession(tx: Executor, userId: number, now: Date): string {
  const id = randomBytes(24).toString('base64url');
  tx.insert(sessions).values({ id, userId, createdAt: now }).run();
  return id;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a user except, optionally, the one making the request. */
export function endOtherSessions(tx: Executor, userId: number, keep?: string): void {
  tx.delete(sessions)
    .where(
      keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId),
    )
    .run();
}
