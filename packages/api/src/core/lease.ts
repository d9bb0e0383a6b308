import { leases as leaseTable } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { ApiDeps } from './deps';

/**
 * Named leases: one process at a time holds a name (a job only one process may run, such as the
 * game timer) for a time to live, and must renew it before it lapses; a lease left unrenewed by a
 * process that died is free again once it expires.
 */
export interface Leases {
  /** Takes the lease if it is free, expired or already ours; true while this process holds it. */
  acquire(name: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease if it is still ours; false once another process holds it. */
  renew(name: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if it is ours, so another process may take it at once. */
  release(name: string): Promise<void>;
}

// Only the owner may extend or drop a key: a process that lost its lease (paused past the time to
// live) must not touch its successor's.
const RENEW_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** An answer later than this counts as Redis being away: a lease must not wait out a reconnect. */
const REDIS_ANSWER_MS = 1000;
/** ioredis's states once a connection is lost or closed (before: 'wait', 'connecting', 'connect', 'ready'). */
const REDIS_AWAY = new Set(['reconnecting', 'close', 'end']);

export function createLeases({ db, shared }: Pick<ApiDeps, 'db' | 'shared'>): Leases {
  const owner = shared.processId;

  const table = {
    // One statement: the row is inserted, or taken over only if it is ours or has expired, so two
    // processes racing for it cannot both see "taken".
    async acquire(name: string, ttlMs: number) {
      const now = Date.now();
      const result = await db.$writer.transaction((tx) =>
        tx
          .insert(leaseTable)
          .values({ name, owner, expiresAt: now + ttlMs })
          .onConflictDoUpdate({
            target: leaseTable.name,
            set: { owner, expiresAt: now + ttlMs },
            setWhere: sql`${leaseTable.owner} = excluded.owner or ${leaseTable.expiresAt} <= ${now}`,
          })
          .returning({ name: leaseTable.name }),
      );
      return result.length === 1;
    },
    async renew(name: string, ttlMs: number) {
      const result = await db.$writer.transaction((tx) =>
        tx
          .update(leaseTable)
          .set({ expiresAt: Date.now() + ttlMs })
          .where(and(eq(leaseTable.name, name), eq(leaseTable.owner, owner)))
          .returning({ name: leaseTable.name }),
      );
      return result.length === 1;
    },
    async release(name: string) {
      await db.$writer.transaction((tx) =>
        tx.delete(leaseTable).where(and(eq(leaseTable.name, name), eq(leaseTable.owner, owner))),
      );
    },
  };

  const redis = shared.redis;
  const key = (name: string) => `${shared.redisPrefix}lease:${name}`;

  // With Redis away (lost and not back yet, an error, no answer in time) the lease falls back to the
  // table, which every process shares too: while it is away, they all meet there and stay exclusive.
  // A client still making its first connection is waited for (briefly), not counted as away: a
  // process starting up would otherwise take in the table a lease another holds in Redis. The
  // moments Redis leaves or returns may still let two processes hold one name for a renewal
  // interval, so what a lease guards must stay safe to run twice (a game ends in a write that
  // checks it again).
  async function viaRedis<T>(
    command: (client: Redis) => Promise<T>,
    fallback: () => Promise<T> | T,
  ): Promise<T> {
    if (!redis || REDIS_AWAY.has(redis.status)) return fallback();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer')), REDIS_ANSWER_MS);
    });
    try {
      return await Promise.race([command(redis), late]);
    } catch {
      return await fallback();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    acquire: (name, ttlMs) =>
      viaRedis(
        async (client) =>
          (await client.set(key(name), owner, 'PX', ttlMs, 'NX')) === 'OK' ||
          (await client.eval(RENEW_IF_OURS, 1, key(name), owner, ttlMs)) === 1,
        () => table.acquire(name, ttlMs),
      ),
    renew: (name, ttlMs) =>
      viaRedis(
        async (client) => (await client.eval(RENEW_IF_OURS, 1, key(name), owner, ttlMs)) === 1,
        () => table.renew(name, ttlMs),
      ),
    async release(name) {
      // Both stores: a lease taken in the table while Redis was away is dropped as well.
      await table.release(name);
      await viaRedis(
        (client) => client.eval(RELEASE_IF_OURS, 1, key(name), owner),
        () => 0,
      );
    },
  };
}
