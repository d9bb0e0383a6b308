import { events, type Db } from '@app/db';
import { appendEvents, type NewPgEvent, type PgTx } from '@app/db/pg';
import { and, asc, desc, eq, gt, max } from 'drizzle-orm';
import type { Pool } from 'pg';
import superjson from 'superjson';
import { serialize } from '../core/plain-serialize';
import { deepFreeze } from '../core/deep-freeze';
import type { EventBus } from '../core/event-bus';
import type { Shared } from '../core/shared';
import type { BusEvent, Topic } from '../core/topics';
import { createListeners } from './listeners';
import { createPgDoorbell, NOTIFY_MAX_BYTES } from './pg-doorbell';

type Stored = ReturnType<typeof superjson.serialize>;

/** Outbox ids are integers; anything else a client sends reads as "from the start". */
const parseId = (id: string): number => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

const CATCH_UP_BATCH = 500;
/** A look at the outbox now and then, in case a ring was lost with its connection. */
const SAFETY_CHECK_MS = 1000;

interface WireBroadcast {
  origin: string;
  topic: string;
  key: string;
  payload: string;
}

const toEvent = (row: { id: number; topic: string; key: string; payload: unknown }): BusEvent =>
  ({
    id: String(row.id),
    topic: row.topic as Topic,
    key: row.key,
    payload: deepFreeze(superjson.deserialize(row.payload as Stored)),
  }) as BusEvent;

/**
 * The bus over PostgreSQL's outbox, for one process among any number on the same database, as
 * outbox-bus.ts is for SQLite. appendEvents puts ids in commit order (an advisory lock held to the
 * commit), so "every event after the last one I delivered" never skips one that committed late.
 * Every delivery runs in one queue, in id order: a process's own events as their write commits, the
 * others' when the doorbell rings (pg-doorbell.ts: LISTEN/NOTIFY, or Redis) and before a cached
 * read (`sync`, which waits for a look at the outbox that began after it was asked).
 */
export async function createPgOutboxBus(db: Db, shared: Shared): Promise<EventBus> {
  const pool = db.$client as unknown as Pool;
  const listeners = createListeners();

  const lastStoredId = async () =>
    (await db.select({ id: max(events.id) }).from(events))[0]?.id ?? 0;
  let delivered = await lastStoredId();
  let closed = false;

  // One queue for every delivery: events reach listeners once each, in id order.
  let queue: Promise<void> = Promise.resolve();
  const serial = (step: () => Promise<void>): Promise<void> => {
    const run = queue.then(step);
    queue = run.catch((error: unknown) => {
      if (!closed) console.error('the event bus could not read the outbox:', error);
    });
    return run;
  };

  const hand = (event: BusEvent) => {
    delivered = Number(event.id);
    listeners.hand(event);
  };

  /** Delivers what is stored after the last delivered id (the other processes' events). */
  const catchUp = async () => {
    for (;;) {
      const rows = await db
        .select({ id: events.id, topic: events.topic, key: events.key, payload: events.payload })
        .from(events)
        .where(gt(events.id, delivered))
        .orderBy(asc(events.id))
        .limit(CATCH_UP_BATCH);
      for (const row of rows) if (row.id > delivered) hand(toEvent(row));
      if (rows.length < CATCH_UP_BATCH) return;
    }
  };
  // A catch-up asked for while one waits in the queue joins it: it has not looked yet.
  let waiting: Promise<void> | null = null;
  const requestCatchUp = () =>
    (waiting ??= serial(async () => {
      waiting = null;
      if (!closed) await catchUp();
    }));

  const doorbell = await createPgDoorbell(pool, shared, {
    rang: (lastId) => {
      if (lastId === null || lastId > delivered) void requestCatchUp();
    },
    message: (text) => {
      const wire = JSON.parse(text) as WireBroadcast;
      if (wire.origin === shared.processId) return;
      listeners.handBroadcast(wire.topic, wire.key, deepFreeze(superjson.parse(wire.payload)));
    },
  });
  // A look now and then, in case a ring was lost with its connection.
  const safety = setInterval(() => void requestCatchUp(), SAFETY_CHECK_MS);
  safety.unref();

  return {
    async append(tx, list, now) {
      const rows: NewPgEvent[] = list.map(({ topic, key, payload }) => ({
        topic,
        key,
        payload: serialize(payload),
        createdAt: now,
      }));
      const ids = await appendEvents(tx as unknown as PgTx, rows);
      // Frozen: one payload goes to every subscriber, and is serialized once for all of them.
      return list.map(
        ({ topic, key, payload }, at) =>
          ({ id: String(ids[at]), topic, key, payload: deepFreeze(payload) }) as BusEvent,
      );
    },
    deliver(list) {
      return serial(async () => {
        for (const event of list) {
          const id = Number(event.id);
          if (id <= delivered) continue;
          // Ids follow commits: a gap is another process's events (or a rollback's ids), which
          // the outbox gives in order, this write's with them.
          if (id === delivered + 1) hand(event);
          else await catchUp();
        }
        doorbell.ring();
      });
    },
    sync: () => requestCatchUp(),
    subscribe: async (topic, key, listener) => listeners.subscribe(topic, key, listener),
    async replay(topic, key, afterId, limit) {
      const rows = await db
        .select({ id: events.id, topic: events.topic, key: events.key, payload: events.payload })
        .from(events)
        .where(
          and(
            eq(events.topic, topic),
            key === null ? undefined : eq(events.key, key),
            gt(events.id, parseId(afterId)),
          ),
        )
        .orderBy(asc(events.id))
        .limit(limit);
      return rows.map(toEvent) as BusEvent<typeof topic>[];
    },
    async latestId(topic, key) {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.topic, topic), eq(events.key, key)))
        .orderBy(desc(events.id))
        .limit(1);
      return row ? String(row.id) : null;
    },
    isAfter: (id, than) => parseId(id) > parseId(than),
    async broadcast(topic, key, payload) {
      listeners.handBroadcast(topic, key, deepFreeze(payload));
      const wire: WireBroadcast = {
        origin: shared.processId,
        topic,
        key,
        payload: superjson.stringify(payload),
      };
      const text = JSON.stringify(wire);
      if (Buffer.byteLength(text) > NOTIFY_MAX_BYTES) {
        console.error(`a ${topic} message of ${Buffer.byteLength(text)} bytes is too long to send`);
        return;
      }
      await doorbell.send(text);
    },
    subscribeBroadcast: async (topic, key, listener) =>
      listeners.subscribeBroadcast(topic, key, listener),
    redisUp: doorbell.redisUp,
    async close() {
      closed = true;
      clearInterval(safety);
      doorbell.close();
      await queue;
    },
  };
}
