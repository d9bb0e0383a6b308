import type { Tx } from '@app/db';
import type { BroadcastMap, BroadcastTopic, BusEvent, Topic } from './topics';

export type Listener<T extends Topic> = (event: BusEvent<T>) => void;
export type BroadcastListener<T extends BroadcastTopic> = (payload: BroadcastMap[T]) => void;

/**
 * Publish / subscribe by topic and key. An event is first recorded in the outbox by the write
 * transaction that made its change (so data and event commit or vanish together), then delivered to
 * subscribers once that transaction has committed: in every process on the same database, the
 * writer's first (outbox-bus.ts).
 */
export interface EventBus {
  /**
   * Stores events in the outbox inside the caller's write transaction, as its last statements, in
   * order; answers them with their ids. They are not delivered yet.
   */
  append(
    tx: Tx,
    events: readonly { topic: Topic; key: string; payload: unknown }[],
    now: Date,
  ): Promise<BusEvent[]>;
  /**
   * Hands committed events to their subscribers, in order, with any another process committed
   * before them, and tells the other processes.
   */
  deliver(events: readonly BusEvent[]): Promise<void>;
  /**
   * Delivers what other processes have committed and this one has not delivered yet: called before
   * a cached read, so that a read after a write acknowledged anywhere sees it. SQLite's bus does it
   * now (one look at the database's version, cheap when nothing changed); PostgreSQL's answers a
   * promise, kept by a look at the outbox that began after the call.
   */
  sync(): void | Promise<void>;
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
   * broadcast topic, in every process, now: no id, no replay; whoever is not listening misses it.
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
  /** Whether Redis carries the doorbell now (false without Redis, or while it is away). */
  redisUp(): boolean;
  /** Stops listening to the other processes (the server's shutdown). */
  close(): Promise<void>;
}
