import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';

/**
 * What lets several server processes on one database act as one site. Every process shares the
 * database; with Redis (REDIS_URL), Redis carries the doorbell of new events, ephemeral messages,
 * limits and passes instead of the database tables that do it otherwise (db schema/cluster.ts).
 * Nothing that matters lives only in one process's memory.
 */
export interface Shared {
  /** This process among those on one database: owner of its leases and live connections, in logs. */
  processId: string;
  /** The server's Redis client when REDIS_URL is set (it connects and closes it), else null. */
  redis: Redis | null;
  /** Prefix of every Redis key and channel of this site (several sites may share one Redis). */
  redisPrefix: string;
}

/** A name no other process has now: host, pid and a random part (pids are reused after restarts). */
export function newProcessId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export function createShared(opts: Partial<Shared> = {}): Shared {
  return {
    processId: opts.processId ?? newProcessId(),
    redis: opts.redis ?? null,
    redisPrefix: opts.redisPrefix ?? 'qa:',
  };
}
