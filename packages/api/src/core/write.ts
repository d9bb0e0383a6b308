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
 * The one way to write: a transaction (`Db.$writer`: BEGIN IMMEDIATE, one at a time per process) in
 * which the change and its events are stored together. Subscribers hear of the events only after
 * commit; a body that throws leaves neither data nor events. The body awaits only the database (no
 * hashing, no I/O): the file stays locked for every process while it runs.
 */
export async function writeTransaction<R>(
  deps: Pick<ApiDeps, 'db' | 'events'>,
  body: (scope: WriteScope) => Promise<R> | R,
): Promise<R> {
  const recorded: BusEvent[] = [];
  const now = new Date();
  const result = await deps.db.$writer.transaction((tx) =>
    body({
      tx,
      now,
      publish(topic, key, payload) {
        const event = deps.events.record(tx, topic, String(key), payload, now);
        recorded.push(event);
        return publishedEvent(event);
      },
    }),
  );
  if (recorded.length > 0) await deps.events.deliver(recorded);
  return result;
}
