import type { Db } from '@app/db';
import { tracked } from '@trpc/server';
import superjson from 'superjson';
import type { PublicUser } from './services/users';
import type { QuestionEvent } from './services/question-events';

/** Every live topic and what its events carry. */
export interface EventMap {
  user: { type: 'created' | 'updated' | 'deleted'; user: PublicUser };
  question: QuestionEvent;
}
export type Topic = keyof EventMap;

export interface BusEvent<T extends Topic> {
  id: number;
  topic: T;
  payload: EventMap[T];
}

/**
 * Publish / subscribe by topic. Events carry increasing ids so a subscriber can resume after the last
 * one it saw. Today's implementation is one process with a SQLite outbox; a Redis-backed one can replace it.
 */
export interface EventBus {
  publish<T extends Topic>(topic: T, payload: EventMap[T]): BusEvent<T>;
  subscribe<T extends Topic>(topic: T, listener: (event: BusEvent<T>) => void): () => void;
  /** Stored events of a topic after the given id, oldest first. */
  after<T extends Topic>(topic: T, lastId: number, limit?: number): BusEvent<T>[];
}

const BACKFILL_LIMIT = 1000;

export function createOutboxBus(db: Db): EventBus {
  const sqlite = db.$client;
  const insert = sqlite.prepare<[string, string, number], { id: number }>(
    'insert into events (topic, payload, created_at) values (?, ?, ?) returning id',
  );
  const select = sqlite.prepare<[string, number, number], { id: number; payload: string }>(
    'select id, payload from events where topic = ? and id > ? order by id limit ?',
  );
  const listeners = new Map<Topic, Set<(event: BusEvent<Topic>) => void>>();

  return {
    publish(topic, payload) {
      const row = insert.get(topic, superjson.stringify(payload), Date.now());
      if (!row) throw new Error('event was not stored');
      const event = { id: row.id, topic, payload };
      for (const listener of listeners.get(topic) ?? []) listener(event as BusEvent<Topic>);
      return event;
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      const l = listener as (event: BusEvent<Topic>) => void;
      set.add(l);
      return () => set.delete(l);
    },
    after(topic, lastId, limit = BACKFILL_LIMIT) {
      return select.all(topic, lastId, limit).map((row) => ({
        id: row.id,
        topic,
        payload: superjson.parse(row.payload),
      }));
    },
  };
}

/** Drops stored events older than the given age; resuming clients older than that get a fresh list instead. */
export function pruneEvents(db: Db, maxAgeMs: number, now = Date.now()): number {
  return db.$client.prepare('delete from events where created_at < ?').run(now - maxAgeMs).changes;
}

/**
 * The body of every resumable subscription: listen first, then replay what was stored after
 * lastEventId, then stream live events, so nothing falls in the gap and nothing comes twice.
 * `filter`, when given, picks the events this subscriber wants, in the replay and live alike; ids stay
 * the bus's, so resuming after a filtered event works the same.
 */
export async function* streamTopic<T extends Topic>(
  bus: EventBus,
  topic: T,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
  filter?: (payload: EventMap[T]) => boolean,
) {
  const queue: BusEvent<T>[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe(topic, (event) => {
    if (filter && !filter(event.payload)) return;
    queue.push(event);
    wake?.();
  });
  // One listener for the whole subscription: waking the loop is all an abort needs to do.
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let lastId = lastEventId && /^\d+$/.test(lastEventId) ? Number(lastEventId) : 0;
    if (lastId > 0) {
      // Page through the backlog: a long absence may have left more than one page behind.
      for (;;) {
        const backlog = bus.after(topic, lastId, BACKFILL_LIMIT);
        for (const event of backlog) {
          lastId = event.id;
          if (!filter || filter(event.payload)) yield tracked(String(event.id), event.payload);
        }
        if (backlog.length < BACKFILL_LIMIT || signal?.aborted) break;
      }
    }
    while (!signal?.aborted) {
      const event = queue.shift();
      if (!event) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (signal?.aborted) resolve();
        });
        wake = null;
        continue;
      }
      if (event.id <= lastId) continue;
      lastId = event.id;
      yield tracked(String(event.id), event.payload);
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  }
}
