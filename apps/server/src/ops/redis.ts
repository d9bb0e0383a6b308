import type { Redis } from 'ioredis';
import type { Logger } from './log';

/** What GET /healthz says of Redis: not configured, answering a PING, or not. */
export type RedisState = 'off' | 'up' | 'down';

/** The longest wait between two attempts to reach a Redis that went away. */
const MAX_RECONNECT_DELAY_MS = 5_000;
/** How long the first connection may take before the server starts without it. */
const FIRST_CONNECTION_WAIT_MS = 2_000;

/** Clients being closed on purpose: their last close is no news for the log. */
const closing = new WeakSet<Redis>();

/** The address without its password, for the logs. */
function shownAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * The server's one Redis client (REDIS_URL). Commands fail at once while Redis is away (no offline
 * queue, one retry at most), so every caller falls back to the database instead of waiting; the
 * client keeps reconnecting, at most MAX_RECONNECT_DELAY_MS apart. The log gets one line when Redis
 * goes away and one when it is back, not one per attempt. A Redis that is down at start does not
 * stop the server: it starts on the database alone and uses Redis once it answers.
 */
export async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const address = shownAddress(url);
  // Loaded only when a Redis is set: the client and its command table cost a one-process site
  // about 10 MB of memory for nothing.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: FIRST_CONNECTION_WAIT_MS,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 10), MAX_RECONNECT_DELAY_MS),
  });
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  const wentAway = (reason: string) => {
    if (state === 'down' || closing.has(redis)) return;
    const first = state === 'connecting';
    state = 'down';
    log.warn(
      { redis: address, reason },
      first
        ? 'Redis is not reachable: live updates go through the database until it is'
        : 'Redis went away: live updates go through the database until it is back',
    );
  };
  redis.on('ready', () => {
    const back = state === 'down';
    state = 'up';
    log.info({ redis: address }, back ? 'Redis is back' : 'connected to Redis');
  });
  // ioredis reports each failed attempt as an error; the state above says it once.
  redis.on('error', (error: Error) => wentAway(error.message));
  redis.on('close', () => wentAway('connection closed'));

  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, FIRST_CONNECTION_WAIT_MS);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}

/** Ends the client: a polite QUIT when Redis answers, else the connection is dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  closing.add(redis);
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await Promise.race([
    redis.quit().catch(() => redis.disconnect()),
    new Promise<void>((resolve) =>
      setTimeout(() => {
        redis.disconnect();
        resolve();
      }, 1_000).unref(),
    ),
  ]);
}

/**
 * Whether Redis answers a PING within `timeoutMs`, asked at most once per `cacheMs`: a flood of
 * /healthz asks Redis once a second, and callers asking at the same moment share one PING.
 */
export function redisProbe(
  redis: Redis | null,
  { timeoutMs = 500, cacheMs = 1_000 }: { timeoutMs?: number; cacheMs?: number } = {},
): () => Promise<RedisState> {
  if (!redis) return () => Promise.resolve('off');
  let last: { state: RedisState; at: number } | undefined;
  let asking: Promise<RedisState> | undefined;
  const ping = async (): Promise<RedisState> => {
    if (redis.status !== 'ready') return 'down';
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        redis.ping().then((): RedisState => 'up'),
        new Promise<RedisState>((resolve) => {
          timer = setTimeout(() => resolve('down'), timeoutMs);
        }),
      ]);
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    if (last && performance.now() - last.at < cacheMs) return Promise.resolve(last.state);
    asking ??= ping().then((state) => {
      last = { state, at: performance.now() };
      asking = undefined;
      return state;
    });
    return asking;
  };
}
