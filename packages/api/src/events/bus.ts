import type { Executor } from '@app/db';
import type { BusEvent, EventMap, Topic } from './topics';

export type Listener<T extends Topic> = (event: BusEvent<T>) => void;

/**
 * Publish / subscribe by topic and key. An event is first recorded in the outbox by the write
 * transaction that made its change (so data and event commit or vanish together), then delivered to
 * subscribers once that transaction has committed. Today's implementation is one process with a
 * SQLite outbox (outbox-bus.ts); a Redis-backed one can replace delivery without touching services.
 */
export interface EventBus {
  /** Stores an event inside the caller's write transaction. It is not delivered yet. */
  record<T extends Topic>(
    tx: Executor,
    topic: T,
    key: string,
    payload: EventMap[T],
    now: Date,
  ): BusEvent<T>;
  /** Hands committed events to their subscribers, in order. */
  deliver(events: readonly BusEvent[]): Promise<void>;
  /** Listens to one key of a topic, or (key null) to all of it. Resolves to the unsubscribe. */
  subscribe<T extends Topic>(
    topic: T,
    key: string | null,
    listener: Listener<T>,
  ): Promise<() => void>;
  /** Stored events of a topic (or one key of it) after the given id, oldest first. */
  replay<T extends Topic>(
    topic: T,
    key: string | null,
    afterId: string,
    limit: number,
  ): Promise<BusEvent<T>[]>;
  /** Whether the second id was published after the first (ids are opaque outside the bus). */
  isAfter(id: string, than: string): boolean;
}
