import { sessions, type Db, type Executor } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';

// Who a session belongs to is read by every request (core/viewer.ts); starting and ending sessions
// is the users domain's.

/** A new session id; call inside the write that signs the user in. */
export function startSession(tx: Executor, userId: number, now: Date): string {
  const id = randomBytes(24).toString('base64url');
  tx.insert(sessions).values({ id, userId, createdAt: now }).run();
  return id;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.$writer.transaction((tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

/** Ends every session of a user except, optionally, the one making the request. */
export function endOtherSessions(tx: Executor, userId: number, keep?: string): void {
  tx.delete(sessions)
    .where(
      keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId),
    )
    .run();
}
