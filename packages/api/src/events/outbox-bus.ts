import { events, type Db } from '@app/db';
import { and, asc, desc, eq, getTableName, gt, lt, max, sql } from 'drizzle-orm';
import superjson from 'superjson';
import { serialize } from '../core/plain-serialize';
import { deepFreeze } from '../core/deep-freeze';
import type { EventBus } from '../core/event-bus';
import { perDb, perDbAndCount } from '../core/prepared';
import { createShared, type Shared } from '../core/shared';
import type { BusEvent, Topic } from '../core/topics';
import { createBroadcastWire } from './broadcasts';
import { createDoorbell } from './doorbell';
import { createListeners } from './listeners';

/** A better-sqlite3 statement whose rows are one number each (pluck). */
interface IdsStatement {
  all(...values: unknown[]): number[];
}

/** A write publishes one to a few events; more go in statements of this many rows. */
const EVENTS_PER_STATEMENT = 8;

/**
 * A write's events, appended in one statement with a row each: built once per connection and per
 * number of rows (1 to EVENTS_PER_STATEMENT), and run on better-sqlite3 itself. Every write runs
 * it: drizzle's work per value (a look at every placeholder, the payload's JSON) came on top of
 * each row, and one statement instead of one per event saves a step each (an answer vote's three
 * events: 39.6 → 32.6 µs of SQL).
 */
const insertEvents = perDbAndCount((db, count): IdsStatement => {
  const columns = [events.topic, events.key, events.payload, events.createdAt].map(
    (column) => `"${column.name}"`,
  );
  const rows = Array<string>(count)
    .fill(`(${columns.map(() => '?').join(', ')})`)
    .join(', ');
  return db.$client
    .prepare(
      `insert into "${getTableName(events)}" (${columns.join(', ')}) values ${rows} returning "${events.id.name}"`,
    )
    .pluck() as unknown as IdsStatement;
});

type Stored = ReturnType<typeof superjson.serialize>;

/** Outbox ids are integers; anything else a client sends reads as "from the start". */
const parseId = (id: string): number => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

const replayTopic = perDb((db) =>
  db
    .select({ id: events.id, key: events.key, payload: events.payload })
    .from(events)
    .where(and(eq(events.topic, sql.placeholder('topic')), gt(events.id, sql.placeholder('after'))))
    .orderBy(asc(events.id))
    .limit(sql.placeholder('limit'))
    .prepare(),
);

const replayKey = perDb((db) =>
  db
    .select({ id: events.id, key: events.key, payload: events.payload })
    .from(events)
    .where(
      and(
        eq(events.topic, sql.placeholder('topic')),
        eq(events.key, sql.placeholder('key')),
        gt(events.id, sql.placeholder('after')),
      ),
    )
    .orderBy(asc(events.id))
    .limit(sql.placeholder('limit'))
    .prepare(),
);

/** Every event after an id, whatever its topic: what this process has not delivered yet. */
const SYNC_BATCH = 500;
const allAfter = perDb((db) =>
  db
    .select({ id: events.id, topic: events.topic, key: events.key, payload: events.payload })
    .from(events)
    .where(gt(events.id, sql.placeholder('after')))
    .orderBy(asc(events.id))
    .limit(SYNC_BATCH)
    .prepare(),
);

const latestOfKey = perDb((db) =>
  db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.topic, sql.placeholder('topic')), eq(events.key, sql.placeholder('key'))))
    .orderBy(desc(events.id))
    .limit(1)
    .prepare(),
);

/**
 * The bus over the `events` table, for one process among any number on the same database. The
 * outbox is the truth: every process delivers every stored event, its own and the others', in id
 * order, once, keeping the id of the last one it delivered. Its own writes are delivered as soon as
 * they commit; the others' when the doorbell rings (doorbell.ts) and before any cached read
 * (`sync`), so a read after a write acknowledged by any process sees it.
 */
export function createOutboxBus(db: Db, shared: Shared = createShared()): EventBus {
  const listeners = createListeners();
  const hand = (event: BusEvent) => {
    delivered = Number(event.id);
    listeners.hand(event);
  };

  /** The id of the last event delivered here: the outbox's last when the process started. */
  let delivered =
    db
      .select({ id: max(events.id) })
      .from(events)
      .get()?.id ?? 0;
  let syncing = false;
  let again = false;
  /** Delivers what is stored after the last delivered id (the other processes' events). */
  const catchUp = () => {
    // A listener that writes comes back here: the loop below delivers its events too, in order.
    if (syncing) return void (again = true);
    syncing = true;
    try {
      do {
        again = false;
        for (;;) {
          const rows = allAfter(db).all({ after: delivered });
          for (const row of rows)
            hand({
              id: String(row.id),
              topic: row.topic as Topic,
              key: row.key,
              payload: deepFreeze(superjson.deserialize(row.payload as Stored)),
            } as BusEvent);
          if (rows.length < SYNC_BATCH) break;
        }
      } while (again);
    } finally {
      syncing = false;
    }
  };

  let lookedThisStretch = false;
  const endStretch = () => {
    lookedThisStretch = false;
  };

  const doorbell = createDoorbell(db, shared, () => {
    if (!db.$client.open) return;
    catchUp();
    wire.readTable();
  });
  const wire = createBroadcastWire(db, shared, doorbell.redisUp, (topic, key, payload) =>
    listeners.handBroadcast(topic, key, deepFreeze(payload)),
  );

  return {
    async append(tx, list, now) {
      const at = now.getTime();
      const ids: number[] = [];
      for (let from = 0; from < list.length; from += EVENTS_PER_STATEMENT) {
        const part = list.slice(from, from + EVENTS_PER_STATEMENT);
        const values = part.flatMap(({ topic, key, payload }) => [
          topic,
          key,
          JSON.stringify(serialize(payload)),
          at,
        ]);
        // The rows get their ids in the order they are listed (one writer at a time), but come
        // back in no promised order: sorted, they match the list.
        ids.push(
          ...insertEvents(tx as Db, part.length)
            .all(...values)
            .sort((a, b) => a - b),
        );
      }
      // Frozen: one payload goes to every subscriber, and is serialized once for all of them.
      return list.map(
        ({ topic, key, payload }, i) =>
          ({ id: String(ids[i]), topic, key, payload: deepFreeze(payload) }) as BusEvent,
      );
    },
    async deliver(list) {
      // The events right after the last delivered one are handed as they are; a gap means another
      // process committed in between, and the outbox gives them all in order.
      const first = list[0];
      if (!first) return;
      let whole = false;
      if (!syncing && Number(first.id) === delivered + 1) {
        syncing = true;
        again = false;
        try {
          for (const event of list) {
            if (Number(event.id) !== delivered + 1) break;
            hand(event);
          }
          // A listener that wrote meanwhile left its events for this loop to deliver (again).
          whole = delivered === Number(list.at(-1)?.id) && !again;
        } finally {
          syncing = false;
        }
      }
      // Another process's events before these were caught up with above; those after them are
      // the doorbell's (its next check, or a cached read's sync): a look here, on every write, cost
      // two system calls that only made them a few milliseconds sooner.
      if (!whole) catchUp();
      doorbell.ring();
    },
    sync() {
      // One look per stretch of synchronous code: nothing from outside (a request, another
      // process's ring) can arrive before it ends, so a second look would see the same. The
      // look itself (PRAGMA data_version) costs some 2 µs, several times a cached request's work.
      if (lookedThisStretch) return;
      lookedThisStretch = true;
      queueMicrotask(endStretch);
      if (doorbell.changed()) {
        catchUp();
        wire.readTable();
      }
    },
    subscribe: async (topic, key, listener) => listeners.subscribe(topic, key, listener),
    async replay(topic, key, afterId, limit) {
      const params = { topic, after: parseId(afterId), limit };
      const rows =
        key === null ? replayTopic(db).all(params) : replayKey(db).all({ ...params, key });
      return rows.map((row) => ({
        id: String(row.id),
        topic,
        key: row.key,
        payload: deepFreeze(superjson.deserialize(row.payload as Stored)),
      }));
    },
    async latestId(topic, key) {
      const row = latestOfKey(db).get({ topic, key });
      return row ? String(row.id) : null;
    },
    isAfter: (id, than) => parseId(id) > parseId(than),
    async broadcast(topic, key, payload) {
      listeners.handBroadcast(topic, key, deepFreeze(payload));
      await wire.send(topic, key, payload);
    },
    subscribeBroadcast: async (topic, key, listener) =>
      listeners.subscribeBroadcast(topic, key, listener),
    redisUp: doorbell.redisUp,
    async close() {
      await doorbell.close();
      await wire.close();
    },
  };
}

/** Drops stored events older than the given age; resuming clients older than that get a fresh list instead. */
export async function pruneEvents(db: Db, maxAgeMs: number, now = Date.now()): Promise<number> {
  const pruned = await db.$writer.transaction((tx) =>
    tx
      .delete(events)
      .where(lt(events.createdAt, new Date(now - maxAgeMs)))
      .returning({ id: events.id }),
  );
  return pruned.length;
}
