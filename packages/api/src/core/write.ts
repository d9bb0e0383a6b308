import type { Tx } from '@app/db';
import type { ApiDeps } from './deps';
import type { BusEvent, EventMap, PublishedEvent, Topic } from './topics';
import { publishedEvent } from './topics';
import { claimWaitingCount } from './write-limits';

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
  const now = new Date();
  let recorded: BusEvent[] = [];
  // The request's rate-limit counts, when they wait for its write (write-limits.ts): counted in
  // this transaction, so a refusal rolls back what the body wrote.
  const counting = claimWaitingCount();
  const transaction = deps.db.$writer.transaction(async (tx) => {
    const pending: {
      topic: Topic;
      key: string;
      payload: unknown;
      published: PublishedEvent<Topic>;
    }[] = [];
    const value = await body({
      tx,
      now,
      publish(topic, key, payload) {
        // Its id is known once the outbox has it, at the end of the body: read after the write.
        const published: PublishedEvent<typeof topic> = { id: '', payload };
        pending.push({ topic, key: String(key), payload, published });
        return published;
      },
    });
    // The count and the outbox last: on PostgreSQL the count's row and the outbox's ids stay locked
    // until the commit, so one user's writes at once (and all writes, for the outbox) wait for each
    // other only from here on, not for each other's whole bodies.
    if (counting) await counting.count(tx, now);
    recorded = await deps.events.append(tx, pending, now);
    recorded.forEach((event, i) => Object.assign(pending[i]!.published, publishedEvent(event)));
    return value;
  });
  const result = await transaction.then(
    (value) => {
      counting?.settled(true);
      return value;
    },
    (error: unknown) => {
      counting?.settled(false);
      throw error;
    },
  );
  if (recorded.length > 0) await deps.events.deliver(recorded);
  return result;
}
