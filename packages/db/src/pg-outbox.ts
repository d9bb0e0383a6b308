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
 * The notification is sent by PostgreSQL at commit, never for a rollback. The lock, the insert and
 * the notification are one statement, one round trip: every write waits for the one before it
 * from here to its commit, so each round trip here was one more wait for all of them.
 */
export async function appendEvents(
  tx: PgTx,
  rows: readonly NewPgEvent[],
  channel: string = OUTBOX_CHANNEL,
): Promise<number[]> {
  if (rows.length === 0) return [];
  // The insert's rows are joined with the lock's one row, so every id (the column's default, taken
  // as a row is made) comes after the lock; json_to_recordset gives the rows, and so the ids, in
  // the list's order.
  const list = rows.map((row) => ({
    topic: row.topic,
    key: row.key ?? '',
    payload: JSON.stringify(row.payload),
    created_at: row.createdAt.toISOString(),
  }));
  const result = await tx.execute<{ ids: string[] }>(sql`
    with in_commit_order as (select pg_advisory_xact_lock(${OUTBOX_LOCK.toString()}::bigint)),
    appended as (
      insert into ${events} (topic, key, payload, created_at)
      select row.topic, row.key, row.payload, row.created_at
      from in_commit_order,
        json_to_recordset(${JSON.stringify(list)}::json)
          as row(topic text, key text, payload text, created_at timestamptz)
      returning id
    )
    select array_agg(id order by id) as ids, pg_notify(${channel}, max(id)::text)
    from appended`);
  return (result.rows[0]?.ids ?? []).map(Number);
}
