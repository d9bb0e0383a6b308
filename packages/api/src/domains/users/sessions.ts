import { sessions, type Db, type Executor } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';

// Who a session belongs to is read by every request (core/viewer.ts); starting and ending sessions
// is the users domain's.

/** A new session id; call inside the write that signs the user in. */
export async function startSession(tx: Executor, userId: number, now: Date): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await tx.insert(sessions).values({ id, userId, createdAt: now });
  return id;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.$writer.transaction((tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

/** Ends every session of a user except, optionally, the one making the request. */
export async function endOtherSessions(tx: Executor, userId: number, keep?: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId),
    );
}
