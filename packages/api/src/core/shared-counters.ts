import { databaseKind, rateLimits, type Db, type Tx, type WriteLock } from '@app/db';
import { inArray, lt, sql } from 'drizzle-orm';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterSQLite,
  RLWrapperTimeouts,
} from './rate-limiter-classes';
import type { Shared } from './shared';
import { perDb } from './prepared';

/**
 * Where the counters every process must agree on live (rate limits, remembered room passwords): the
 * database's `rate_limits` table, which every process on one SQLite file shares; with Redis, Redis,
 * and the table again as its insurance, so a Redis outage counts in the database instead of
 * refusing or forgetting. `namespace` keeps a set of counters apart from the site's (the seed's).
 */
export interface CounterStore {
  db: Db;
  shared: Shared;
  namespace?: string;
}

/**
 * A Redis call that has not answered in this long is made in the database instead: a command sent
 * just as Redis went away waits in ioredis for a reconnection that may take minutes, and a login
 * must not wait with it. A late answer only means one attempt was also counted in the database.
 */
const REDIS_TIMEOUT_MS = 1000;

/**
 * A rate-limiter-flexible limiter over the shared store: at most `points` in a fixed window of
 * `windowMs` per key, keys prefixed with `name`. Redis keeps whole seconds (a window under one is a
 * second long there, never endless); the database keeps milliseconds.
 */
export function createSharedCounter(
  store: CounterStore,
  name: string,
  { points, windowMs }: { points: number; windowMs: number },
): RateLimiterAbstract {
  const keyPrefix = `${store.namespace ?? ''}${name}`;
  const table = {
    tableName: 'rate_limits',
    // The migration made it (db schema/cluster.ts), with an index on expire for the sweep.
    tableCreated: true,
    keyPrefix,
    points,
    duration: windowMs / 1000,
  };
  const database =
    databaseKind === 'postgres'
      ? // One statement per count (insert … on conflict … returning) on a connection of the pool.
        new RateLimiterPostgres({
          ...table,
          storeClient: store.db.$client,
          storeType: 'pool',
          // createCounterSweep sweeps; the library's own timer would keep a process alive.
          clearExpiredByTimeout: false,
        })
      : new LockedSQLiteLimiter(store.db.$writer.lock, {
          ...table,
          storeClient: store.db.$writer.client,
          storeType: 'better-sqlite3',
        });
  const { redis, redisPrefix } = store.shared;
  if (!redis) return database;
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}${keyPrefix}`,
    points,
    duration: Math.max(1, Math.ceil(windowMs / 1000)),
    insuranceLimiter: database,
    // While ioredis reconnects, count in the database at once rather than queue behind the outage.
    rejectIfRedisNotReady: true,
  });
  return new RLWrapperTimeouts({ limiter, timeoutMs: REDIS_TIMEOUT_MS });
}

/** The key rate-limiter-flexible stores a counter's `key` under (its `getKey`). */
export const tableKeyOf = (store: CounterStore, name: string, key: string) =>
  `${store.namespace ?? ''}${name}:${key}`;

/**
 * Counts `cost` against a counter of the table inside a write's own transaction, exactly as
 * rate-limiter-flexible's database limiters count (the same row, the same fixed window: a window
 * that has ended starts again from this count), and says whether it stays within `points`. The
 * transaction that counts it is the write it guards: a write that fails takes its count back with it.
 */
export async function countInTable(
  tx: Tx,
  tableKey: string,
  cost: number,
  { points, windowMs }: { points: number; windowMs: number },
  now: number,
): Promise<boolean> {
  const [row] = (await countStatement(tx as unknown as Db).execute({
    key: tableKey,
    cost,
    now,
    expire: now + windowMs,
  })) as { points: number }[];
  return (row?.points ?? cost) <= points;
}

// Every counted write runs it: built once per connection, not on each count.
const countStatement = perDb((db) => {
  const live = sql`${rateLimits.expire} is null or ${rateLimits.expire} > ${sql.placeholder('now')}`;
  return db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      points: sql.placeholder('cost'),
      expire: sql.placeholder('expire'),
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${live} then ${rateLimits.points} + ${sql.placeholder('cost')} else ${sql.placeholder('cost')} end`,
        expire: sql`case when ${live} then ${rateLimits.expire} else ${sql.placeholder('expire')} end`,
      },
    })
    .returning({ points: rateLimits.points })
    .prepare();
});

/**
 * rate-limiter-flexible writes on the writer connection by itself: it takes the connection (and
 * this process's write lock) like any write, so it never lands inside another request's open
 * transaction. Its one way to the connection is `_getConnection` / `_releaseConnection`.
 */
class LockedSQLiteLimiter extends RateLimiterSQLite {
  private readonly releases: (() => void)[] = [];
  constructor(
    private readonly lock: WriteLock,
    opts: ConstructorParameters<typeof RateLimiterSQLite>[0],
  ) {
    super(opts);
  }
  override async _getConnection() {
    this.releases.push(await this.lock.acquire());
    return super._getConnection();
  }
  override _releaseConnection(connection: unknown) {
    super._releaseConnection(connection);
    // One holder at a time: the release taken last is the one in hand.
    this.releases.pop()?.();
  }
}

/** How often a process sweeps the expired rows out of the table, and how many it deletes at a time. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 1000;

/**
 * The table holds one row per key counted in a window (a flood of made-up names makes as many rows,
 * and forgets none, so it cannot push a lockout out): the rows whose window has ended are deleted
 * here, a bounded batch at a time so no sweep holds the write lock for long. Called on use rather
 * than by a timer, so nothing keeps a process (or a test's database) alive; a full batch means more
 * are waiting, and the next use sweeps again.
 */
export function createCounterSweep(db: Db): (now?: number) => Promise<void> {
  let nextSweep = 0;
  return async (now = Date.now()) => {
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_EVERY_MS;
    const swept = await db.$writer.transaction((tx) => {
      const expired = tx
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(lt(rateLimits.expire, now))
        .limit(SWEEP_BATCH);
      return tx
        .delete(rateLimits)
        .where(inArray(rateLimits.key, expired))
        .returning({ key: rateLimits.key });
    });
    if (swept.length === SWEEP_BATCH) nextSweep = now;
  };
}
