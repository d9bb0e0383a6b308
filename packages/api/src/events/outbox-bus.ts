import { events, type Db } from '@app/db';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import superjson from 'superjson';
import { deepFreeze } from '../services/shared/deep-freeze';
import { perDb } from '../services/shared/prepared';
import type { BroadcastListener, EventBus, Listener } from './bus';
import type { BroadcastTopic, BusEvent, Topic } from './topics';

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

const latestOfKey = perDb((db) =>
  db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.topic, sql.placeholder('topic')), eq(events.key, sql.placeholder('key'))))
    .orderBy(desc(events.id))
    .limit(1)
    .prepare(),
);

/** The in-process bus over the `events` table: listeners live in this process. */
export function createOutboxBus(db: Db): EventBus {
  const listeners = new Map<string, Set<Listener<Topic>>>();
  const channel = (topic: string, key: string | null) => `${topic}\u0000${key ?? '*'}`;

  const notify = (name: string, event: BusEvent) => {
    for (const listener of listeners.get(name) ?? []) {
      // One broken listener must not keep the event from the others.
      try {
        listener(event);
      } catch (error) {
        console.error(`event listener on ${event.topic} failed:`, error);
      }
    }
  };

  // Ephemeral messages have listeners of their own: they never mix with stored events' streams.
  const broadcastListeners = new Map<string, Set<BroadcastListener<BroadcastTopic>>>();

  return {
    record(tx, topic, key, payload, now) {
      const row = tx
        .insert(events)
        .values({ topic, key, payload: superjson.serialize(payload), createdAt: now })
        .returning({ id: events.id })
        .get();
      // Frozen: one payload goes to every subscriber, and is serialized once for all of them.
      return { id: String(row.id), topic, key, payload: deepFreeze(payload) };
    },
    async deliver(list) {
      for (const event of list) {
        notify(channel(event.topic, null), event);
        notify(channel(event.topic, event.key), event);
      }
    },
    async subscribe(topic, key, listener) {
      const name = channel(topic, key);
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      const l = listener as Listener<Topic>;
      set.add(l);
      return () => {
        set.delete(l);
        if (set.size === 0) listeners.delete(name);
      };
    },
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
      const frozen = deepFreeze(payload);
      for (const listener of broadcastListeners.get(channel(topic, key)) ?? []) {
        try {
          listener(frozen);
        } catch (error) {
          console.error(`broadcast listener on ${topic} failed:`, error);
        }
      }
    },
    async subscribeBroadcast(topic, key, listener) {
      const name = channel(topic, key);
      let set = broadcastListeners.get(name);
      if (!set) broadcastListeners.set(name, (set = new Set()));
      const l = listener as BroadcastListener<BroadcastTopic>;
      set.add(l);
      return () => {
        set.delete(l);
        if (set.size === 0) broadcastListeners.delete(name);
      };
    },
  };
}

/** Drops stored events older than the given age; resuming clients older than that get a fresh list instead. */
export function pruneEvents(db: Db, maxAgeMs: number, now = Date.now()): number {
  return db
    .delete(events)
    .where(lt(events.createdAt, new Date(now - maxAgeMs)))
    .run().changes;
}
