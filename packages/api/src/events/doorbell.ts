import type { Db } from '@app/db';
import type { Redis } from 'ioredis';
import type { Shared } from '../core/shared';

/**
 * How a process learns that another one wrote: never the events themselves (the outbox and the
 * broadcasts table hold those), only a ring that says "read the tables again".
 *
 * - The database: SQLite's `PRAGMA data_version` changes for a connection whenever another
 *   connection committed, and costs a read of shared memory; it is checked every few milliseconds
 *   and before every cached read (Rails' Solid Cable serves SQLite the same way).
 * - Redis, when the site has one: a process that committed publishes on a channel and every other
 *   process hears it at once. The database check goes on beside it, slower: a ring lost while Redis
 *   was away (pub/sub keeps nothing) costs at most one slow check, never an event.
 */
export interface Doorbell {
  /** Tells the other processes that this one committed (Redis only: the database tells them by itself). */
  ring(): void;
  /** Whether another connection committed since the last call (the database's own check). */
  changed(): boolean;
  /** Whether Redis carries rings now (subscribed); false without Redis or while it is away. */
  redisUp(): boolean;
  close(): Promise<void>;
}

/** How often the database is checked without Redis: a write on another process is heard this late. */
export const DATABASE_CHECK_MS = 5;
/** How often while Redis rings: only a safety net for rings lost while Redis was away. */
export const SAFETY_CHECK_MS = 250;

export function createDoorbell(db: Db, shared: Shared, onRing: () => void): Doorbell {
  // An in-memory database has no other connection: nothing to check, nothing to ring. The writer's
  // connection is asked: this process's own commits, delivered already, do not change its version.
  const lone = db.$client.memory;
  const version = lone ? null : db.$writer.client.prepare('PRAGMA data_version').pluck();
  let seen = version?.get() as number | undefined;
  const changed = () => {
    if (!version) return false;
    const now = version.get() as number;
    if (now === seen) return false;
    seen = now;
    return true;
  };

  const channel = `${shared.redisPrefix}doorbell`;
  const publisher = shared.redis;
  let subscriber: Redis | null = null;
  let subscribed = false;
  if (publisher && !lone) {
    // A connection in subscriber mode can do nothing else: a second one, from the same settings.
    const sub = publisher.duplicate();
    subscriber = sub;
    // Errors are the server's Redis client's to report (one line when it goes, one when it is back).
    sub.on('error', () => {});
    sub.on('ready', () => {
      sub.subscribe(channel).then(
        () => {
          subscribed = true;
          // Rings missed while it was away: one check now.
          onRing();
        },
        () => {},
      );
    });
    sub.on('close', () => (subscribed = false));
    // Its own rings come back too: this process has delivered its events already.
    sub.on('message', (_channel: string, from: string) => {
      if (from !== shared.processId) onRing();
    });
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    // A database closed under it (a test, the end of a shutdown) ends the checks.
    if (!db.$client.open) return void (timer = null);
    if (changed()) onRing();
    timer = setTimeout(check, subscribed ? SAFETY_CHECK_MS : DATABASE_CHECK_MS);
    timer.unref();
  };
  // The first look after a turn, never during construction: the bus's ring handler is not complete
  // until this returns, and another process may have committed since `seen` was read.
  if (!lone) {
    timer = setTimeout(check, 0);
    timer.unref();
  }

  return {
    ring() {
      if (!publisher || lone) return;
      // Fire and forget: a ring that fails is made up by the other processes' database check.
      publisher.publish(channel, shared.processId).catch(() => {});
    },
    changed,
    redisUp: () => subscribed,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (subscriber) subscriber.disconnect();
    },
  };
}
