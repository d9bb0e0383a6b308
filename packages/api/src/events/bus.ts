import type { Executor } from '@app/db';
import type { BroadcastMap, BroadcastTopic, BusEvent, EventMap, Topic } from './topics';

export type Listener<T extends Topic> = (event: BusEvent<T>) => void;
export type BroadcastListener<T extends BroadcastTopic> = (payload: BroadcastMap[T]) => void;

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
  /** The id of the last stored event of one key of a topic (null when there is none yet). */
  latestId(topic: Topic, key: string): Promise<string | null>;
  /** Whether the second id was published after the first (ids are opaque outside the bus). */
  isAfter(id: string, than: string): boolean;
  /**
   * Hands an ephemeral message (a cursor, who is here) to the live listeners of one key of a
   * broadcast topic, now: never stored, no id, no replay; whoever is not listening misses it.
   */
  broadcast<T extends BroadcastTopic>(
    topic: T,
    key: string,
    payload: BroadcastMap[T],
  ): Promise<void>;
  /** Listens to one key of a broadcast topic. Resolves to the unsubscribe. */
  subscribeBroadcast<T extends BroadcastTopic>(
    topic: T,
    key: string,
    listener: BroadcastListener<T>,
  ): Promise<() => void>;
}
