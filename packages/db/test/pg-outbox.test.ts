import { asc, gt, max } from 'drizzle-orm';
import { Client } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendEvents, createPgDb, type PgDb, type PgTx } from '../src/pg';
import { events } from '../src/schema-pg';
import { useThrowawayDatabase } from './support/pg-databases';

let db: PgDb;
const database = useThrowawayDatabase('test_pg_outbox', () => db?.$client.end());

beforeAll(async () => {
  db = await createPgDb(database.url, { poolSize: 6 });
});

const row = (topic: string) => ({ topic, key: '1', payload: { topic }, createdAt: new Date() });

/**
 * A write transaction held open after its insert, ended when the test says: so two writers can
 * take their ids in one order and commit in the other.
 */
function openWriter(insert: (tx: PgTx) => Promise<number[]>) {
  let end: (how: 'commit' | 'rollback') => void = () => {};
  const ending = new Promise<'commit' | 'rollback'>((resolve) => (end = resolve));
  let inserted: (ids: number[]) => void = () => {};
  const ids = new Promise<number[]>((resolve) => (inserted = resolve));
  const done = db
    .transaction(async (tx) => {
      inserted(await insert(tx));
      if ((await ending) === 'rollback') tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
    });
  return {
    ids,
    commit: () => (end('commit'), done),
    rollback: () => (end('rollback'), done),
  };
}

/** A reader as the bus is one: every event after the last id it delivered, in id order. */
async function reader() {
  const [start] = await db.select({ last: max(events.id) }).from(events);
  const seen: number[] = [];
  return {
    seen,
    async poll() {
      const after = seen.at(-1) ?? start?.last ?? 0;
      const rows = await db
        .select({ id: events.id })
        .from(events)
        .where(gt(events.id, after))
        .orderBy(asc(events.id));
      seen.push(...rows.map((r) => r.id));
    },
  };
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);

describe('the PostgreSQL outbox', () => {
  it('with ids from the sequence alone, a writer that commits late is skipped by a resuming reader', async () => {
    const plain = (topic: string) => async (tx: PgTx) =>
      (await tx.insert(events).values(row(topic)).returning({ id: events.id })).map((r) => r.id);
    const first = openWriter(plain('plain-first'));
    const [earlier] = await first.ids;
    const second = openWriter(plain('plain-second'));
    const [later] = await second.ids;
    expect(later).toBeGreaterThan(earlier!);
    const bus = await reader();
    await second.commit();
    await bus.poll();
    await first.commit();
    await bus.poll();
    // The earlier id committed after the reader had moved past it: it is never delivered.
    expect(bus.seen).not.toContain(earlier);
  });

  it('appendEvents makes a second writer wait for the first to end, so ids grow in commit order and nothing is skipped', async () => {
    const bus = await reader();
    const first = openWriter((tx) => appendEvents(tx, [row('first')]));
    const [a] = await first.ids;
    const second = openWriter((tx) => appendEvents(tx, [row('second'), row('second')]));
    // The second writer is held at its append while the first is open.
    expect(await settled(second.ids)).toBe(false);
    await bus.poll();
    expect(bus.seen).toEqual([]);
    await first.commit();
    const [b, c] = await second.ids;
    expect(b).toBeGreaterThan(a!);
    await bus.poll();
    await second.commit();
    await bus.poll();
    expect(bus.seen).toEqual([a, b, c]);
  });

  it("appendEvents gives a write's events ids in the order they were listed", async () => {
    const listed = ['one', 'two', 'three'].map((topic) => ({ ...row(topic), key: `k-${topic}` }));
    const writer = openWriter((tx) => appendEvents(tx, listed));
    const ids = await writer.ids;
    await writer.commit();
    const stored = await db
      .select({ id: events.id, topic: events.topic, key: events.key, payload: events.payload })
      .from(events)
      .where(gt(events.id, ids[0]! - 1))
      .orderBy(asc(events.id));
    expect(stored.map((each) => each.id)).toEqual(ids);
    expect(stored.map(({ topic, key, payload }) => ({ topic, key, payload }))).toEqual(
      listed.map(({ topic, key, payload }) => ({ topic, key, payload })),
    );
  });

  it('a rolled-back append leaves a gap, and the next writer goes on at once', async () => {
    const bus = await reader();
    const failed = openWriter((tx) => appendEvents(tx, [row('rolled back')]));
    const [gap] = await failed.ids;
    const next = openWriter((tx) => appendEvents(tx, [row('kept')]));
    await failed.rollback();
    const [kept] = await next.ids;
    await next.commit();
    await bus.poll();
    expect(kept).toBeGreaterThan(gap!);
    expect(bus.seen).toEqual([kept]);
  });

  it('rings the doorbell (LISTEN/NOTIFY) with the last id at commit, and never for a rollback', async () => {
    const listener = new Client({ connectionString: database.url });
    await listener.connect();
    const rings: string[] = [];
    listener.on('notification', (message) => rings.push(message.payload ?? ''));
    await listener.query('listen qa_outbox');
    try {
      const writer = openWriter((tx) => appendEvents(tx, [row('rung'), row('rung')]));
      const ids = await writer.ids;
      await new Promise((r) => setTimeout(r, 200));
      expect(rings).toEqual([]);
      await writer.commit();
      await expect.poll(() => rings).toEqual([String(ids.at(-1))]);

      const undone = openWriter((tx) => appendEvents(tx, [row('undone')]));
      await undone.ids;
      await undone.rollback();
      await new Promise((r) => setTimeout(r, 200));
      expect(rings).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });
});
