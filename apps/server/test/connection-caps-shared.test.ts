import { createShared, DEFAULT_CONNECTION_CAPS, type ConnectionCaps } from '@app/api';
import { closeDatabase, liveConnections, openDatabase, type Db } from '@app/db';
import { connectionMessages } from '@app/validators';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createConnectionCounter,
  type Admission,
  type ConnectionCounter,
  type CounterOptions,
} from '../src/ops/connection-caps';
import { startTestRedis, type TestRedis } from '../../../packages/api/test/support/redis-server';
import { useTestDatabases } from './support/test-database';

/**
 * Two processes' counters over one database (each with its own connection to it, as two server
 * processes have: the SQLite file, or on a PostgreSQL run a PostgreSQL database), and over one Redis
 * when there is one.
 */
function useTwoProcesses(redisOf?: () => TestRedis) {
  // Registered first: its databases are dropped once the connections to them are closed.
  const makeDatabase = useTestDatabases();
  let dir = '';
  const dbs: Db[] = [];
  const clients: Redis[] = [];
  const counters: ConnectionCounter[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'qa-caps-'));
  });
  afterEach(() => {
    for (const counter of counters.splice(0)) counter.close();
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    for (const db of dbs.splice(0)) await closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  });
  let files = 0;
  /** A fresh database (each test its own), and what a process over it needs. */
  const world = async () => {
    const database = await makeDatabase(join(dir, `app-${(files += 1)}.db`));
    const prefix = `t${files}:`;
    const processOn = async (caps: Partial<ConnectionCaps>, options: CounterOptions = {}) => {
      const db = await openDatabase({ ...database, poolSize: 2 });
      dbs.push(db);
      let redis: Redis | null = null;
      if (redisOf) {
        redis = new Redis(redisOf().url, { maxRetriesPerRequest: 1 });
        redis.on('error', () => {}); // Redis going away is a test's own doing
        clients.push(redis);
        await new Promise((resolve) => redis!.once('ready', resolve));
      }
      const counter = createConnectionCounter(
        {
          db,
          shared: createShared({ redis, redisPrefix: prefix }),
          caps: { ...DEFAULT_CONNECTION_CAPS, ...caps },
        },
        options,
      );
      counters.push(counter);
      return { counter, db, redis };
    };
    return { processOn, prefix };
  };
  return world;
}

const tooManyForSession = {
  ok: false,
  code: 1008,
  reason: connectionMessages.tooManyForSession,
};
const tooManyForAddress = {
  ok: false,
  code: 1008,
  reason: connectionMessages.tooManyForAddress,
};
const releaseIt = (admission: Admission) => (admission.ok ? admission.release() : undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every shared store must do, with or without Redis. */
function sharedCapsBehaviour(world: ReturnType<typeof useTwoProcesses>) {
  it('one session’s connections spread over two processes are refused past the per-session cap', async () => {
    const { processOn } = await world();
    const a = await processOn({ socketsPerSession: 2 });
    const b = await processOn({ socketsPerSession: 2 });
    expect((await a.counter.admit({ address: '192.0.2.1', session: 's1' })).ok).toBe(true);
    expect((await b.counter.admit({ address: '192.0.2.2', session: 's1' })).ok).toBe(true);
    expect(await b.counter.admit({ address: '192.0.2.3', session: 's1' })).toEqual(
      tooManyForSession,
    );
    expect(await a.counter.admit({ address: '192.0.2.4', session: 's1' })).toEqual(
      tooManyForSession,
    );
    expect((await a.counter.admit({ address: '192.0.2.4', session: 's2' })).ok).toBe(true);
  });

  it('one address’s connections spread over two processes are refused past the per-address cap', async () => {
    const { processOn } = await world();
    const a = await processOn({ socketsPerAddress: 2 });
    const b = await processOn({ socketsPerAddress: 2 });
    expect((await a.counter.admit({ address: '2001:db8:0:1::1', session: null })).ok).toBe(true);
    expect((await b.counter.admit({ address: '2001:db8:0:1::2', session: 's1' })).ok).toBe(true);
    expect(await a.counter.admit({ address: '2001:db8:0:1::3', session: 's2' })).toEqual(
      tooManyForAddress,
    );
  });

  it('a connection closed on one process frees its place for the other', async () => {
    const { processOn } = await world();
    const a = await processOn({ socketsPerSession: 1 });
    const b = await processOn({ socketsPerSession: 1 });
    const first = await a.counter.admit({ address: '192.0.2.1', session: 's1' });
    expect(await b.counter.admit({ address: '192.0.2.1', session: 's1' })).toEqual(
      tooManyForSession,
    );
    releaseIt(first);
    await expect
      .poll(async () => {
        const next = await b.counter.admit({ address: '192.0.2.1', session: 's1' });
        releaseIt(next);
        return next.ok;
      })
      .toBe(true);
  });

  it('the total stays each process’s own: it protects that process’s memory', async () => {
    const { processOn } = await world();
    const a = await processOn({ socketsTotal: 1 });
    const b = await processOn({ socketsTotal: 1 });
    expect((await a.counter.admit({ address: '192.0.2.1', session: null })).ok).toBe(true);
    expect((await b.counter.admit({ address: '192.0.2.2', session: null })).ok).toBe(true);
    expect(await a.counter.admit({ address: '192.0.2.3', session: null })).toEqual({
      ok: false,
      code: 1013,
      reason: connectionMessages.serverBusy,
    });
  });

  it('a dead process’s connections stop counting once their expiry passes', async () => {
    const { processOn } = await world();
    // A process that never renews: as one killed with its connections recorded.
    const dead = await processOn({ socketsPerSession: 1 }, { ttlMs: 300, renewMs: 3_600_000 });
    const alive = await processOn({ socketsPerSession: 1 });
    expect((await dead.counter.admit({ address: '192.0.2.1', session: 's1' })).ok).toBe(true);
    expect(await alive.counter.admit({ address: '192.0.2.1', session: 's1' })).toEqual(
      tooManyForSession,
    );
    await sleep(400);
    expect((await alive.counter.admit({ address: '192.0.2.1', session: 's1' })).ok).toBe(true);
  });

  it('a live process’s connections keep counting: it renews them before they expire', async () => {
    const { processOn } = await world();
    const owner = await processOn({ socketsPerSession: 1 }, { ttlMs: 300, renewMs: 50 });
    const other = await processOn({ socketsPerSession: 1 });
    expect((await owner.counter.admit({ address: '192.0.2.1', session: 's1' })).ok).toBe(true);
    await sleep(700);
    expect(await other.counter.admit({ address: '192.0.2.1', session: 's1' })).toEqual(
      tooManyForSession,
    );
  });
}

describe('live connection caps across processes on one database (no Redis)', () => {
  const world = useTwoProcesses();
  sharedCapsBehaviour(world);

  it('a session id is a credential: the table keeps a digest of it', async () => {
    const { processOn } = await world();
    const a = await processOn({});
    await a.counter.admit({ address: '192.0.2.1', session: 'secret-session-id' });
    const rows = await a.db.select().from(liveConnections);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.session).not.toContain('secret-session-id');
  });
});

describe('live connection caps across processes with Redis', () => {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  const world = useTwoProcesses(() => redis!);
  sharedCapsBehaviour(world);

  it('records connections in Redis, not in the database', async () => {
    const { processOn, prefix } = await world();
    const a = await processOn({});
    await a.counter.admit({ address: '192.0.2.1', session: 's1' });
    expect(await a.db.select().from(liveConnections)).toHaveLength(0);
    expect(await a.redis!.zcard(`${prefix}live:address:192.0.2.1`)).toBe(1);
  });

  it('when Redis goes away the database counts instead, for every process alike', async () => {
    const { processOn } = await world();
    const a = await processOn({ socketsPerSession: 1 });
    const b = await processOn({ socketsPerSession: 1 });
    await redis!.stop();
    try {
      await expect.poll(() => a.redis!.status).not.toBe('ready');
      await expect.poll(() => b.redis!.status).not.toBe('ready');
      expect((await a.counter.admit({ address: '192.0.2.1', session: 's9' })).ok).toBe(true);
      expect(await b.counter.admit({ address: '192.0.2.1', session: 's9' })).toEqual(
        tooManyForSession,
      );
      expect(await a.db.select().from(liveConnections)).toHaveLength(1);
    } finally {
      await redis!.start();
    }
  });
});
