import type { Redis } from 'ioredis';
import type { LiveConnection, SharedCapHit, SharedCaps } from './live-connections-table';

/**
 * Counts, and records unless at its cap, one connection in the sorted sets of its address and (when
 * it has one) its session: member = connection id, score = expiry. Expired members (a dead
 * process's) go first. One script, so two processes admitting at once cannot both take the last
 * place. Answers 0 (recorded), 1 (address full) or 2 (session full).
 * KEYS: address set, [session set]; ARGV: now, expiry, id, address cap, session cap, key ttl ms.
 */
const ADMIT = `
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, ARGV[6])
end
return 0
`;

/**
 * Every process's live connections in Redis (REDIS_URL): a sorted set per address and per session.
 * Scores are this process's clock: processes whose clocks differ by less than the expiry's margin
 * agree well enough on which members are dead.
 */
export function liveConnectionsRedis(redis: Redis, prefix: string) {
  const addressKey = (address: string) => `${prefix}live:address:${address}`;
  const sessionKey = (session: string) => `${prefix}live:session:${session}`;
  const keysOf = (conn: LiveConnection) =>
    conn.session === null
      ? [addressKey(conn.address)]
      : [addressKey(conn.address), sessionKey(conn.session)];
  return {
    /** Whether a command could be sent now (a client that is reconnecting would only queue it). */
    ready: () => redis.status === 'ready',
    async admit(
      conn: LiveConnection,
      caps: SharedCaps,
      now: number,
      expiresAt: number,
      ttlMs: number,
    ): Promise<SharedCapHit> {
      const keys = keysOf(conn);
      const hit = await redis.eval(
        ADMIT,
        keys.length,
        ...keys,
        now,
        expiresAt,
        conn.id,
        caps.socketsPerAddress,
        caps.socketsPerSession,
        ttlMs,
      );
      return hit === 1 ? 'socketsPerAddress' : hit === 2 ? 'socketsPerSession' : null;
    },
    async release(conn: LiveConnection): Promise<void> {
      const pipeline = redis.pipeline();
      for (const key of keysOf(conn)) pipeline.zrem(key, conn.id);
      await pipeline.exec();
    },
    /** Pushes the expiry of these connections on (XX: one released meanwhile is not re-added). */
    async renew(conns: Iterable<LiveConnection>, expiresAt: number, ttlMs: number): Promise<void> {
      const pipeline = redis.pipeline();
      for (const conn of conns)
        for (const key of keysOf(conn)) {
          pipeline.zadd(key, 'XX', expiresAt, conn.id);
          pipeline.pexpire(key, ttlMs);
        }
      if (pipeline.length > 0) await pipeline.exec();
    },
  };
}

export type LiveConnectionsRedis = ReturnType<typeof liveConnectionsRedis>;
