import { sql } from 'drizzle-orm';
import type { PgTx } from './pg-client';
import { events } from './schema-pg/events';

export type { PgTx };

export type NewPgEvent = typeof events.$inferInsert;

/**
 * The advisory lock that puts outbox ids in commit order: one number for the whole app, apart from
 * the migration lock (pg-migrate.ts).
 */
export const OUTBOX_LOCK = 0x6f_75_74_62_6f_78n;

/** The channel a commit with events notifies (LISTEN/NOTIFY: the doorbell without Redis). */
export const OUTBOX_CHANNEL = 'qa_outbox';

/**
 * Appends a write's events to the outbox, in commit order. Readers deliver "every event after the last
 * id I delivered", which is only safe if no event can commit with a smaller id than one already
 * visible. A sequence alone hands out ids in call order: a writer that took id 5 and commits after
 * the writer that took id 6 would be skipped by a reader that saw 6 first. So each appending
 * transaction first takes a transaction-level advisory lock, held until it commits or rolls back:
 * the next appender takes its ids only after the previous one has ended, so ids grow in commit order
 * (a rolled-back append leaves a gap, which readers never wait for).
 *
 * Call it as the transaction's last statement: the lock serializes only from here to the commit.
 * The notification is sent by PostgreSQL at commit, never for a rollback.
 */
export async function appendEvents(
  tx: PgTx,
  rows: readonly NewPgEvent[],
  channel: string = OUTBOX_CHANNEL,
): Promise<number[]> {
  if (rows.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK.toString()})`);
  const ids = await tx
    .insert(events)
    .values([...rows])
    .returning({ id: events.id });
  await tx.execute(sql`select pg_notify(${channel}, ${String(ids.at(-1)?.id ?? '')})`);
  return ids.map((row) => row.id);
}
