import type { Tx } from '@app/db';
import type { ApiDeps } from './deps';
import type { BusEvent, EventMap, PublishedEvent, Topic } from './topics';
import { publishedEvent } from './topics';

export interface WriteScope {
  tx: Tx;
  /** The application's clock, read once: the change and its event carry the same time. */
  now: Date;
  /** Records an event in the outbox inside this transaction; it is delivered after commit. */
  publish<T extends Topic>(topic: T, key: string | number, payload: EventMap[T]): PublishedEvent<T>;
}

/**
 * The one way to write: an IMMEDIATE transaction (it takes the write lock at BEGIN, so two processes
 * on one file wait for each other instead of failing a read-then-write with SQLITE_BUSY_SNAPSHOT) in
 * which the change and its events are stored together. Subscribers hear of the events only after
 * commit; a body that throws leaves neither data nor events. The body touches only the database (no
 * hashing, no I/O, no awaiting) so it can become async later.
 */
export async function writeTransaction<R>(
  deps: Pick<ApiDeps, 'db' | 'events'>,
  body: (scope: WriteScope) => R extends PromiseLike<unknown> ? never : R,
): Promise<R> {
  const recorded: BusEvent[] = [];
  const now = new Date();
  const result = deps.db.transaction(
    (tx) =>
      body({
        tx,
        now,
        publish(topic, key, payload) {
          const event = deps.events.record(tx, topic, String(key), payload, now);
          recorded.push(event);
          return publishedEvent(event);
        },
      }),
    { behavior: 'immediate' },
  );
  if (recorded.length > 0) await deps.events.deliver(recorded);
  return result;
}
