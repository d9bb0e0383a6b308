import { closeDb, createDb, databaseKind, type Db } from '@app/db';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLeases } from '../src';
import { createShared } from '../src/core/shared';
import { startTestRedis, type TestRedis } from './support/redis-server';

const TTL_MS = 150;

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(() => redis.stop());

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One SQLite file, as several server processes share it. */
function databaseFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qa-lease-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'site.db');
}

function connect(file: string): Db {
  const db = createDb(file);
  cleanups.push(() => closeDb(db));
  return db;
}

function redisClient(): Redis {
  // One try per command: a lease must hear at once that Redis is away, not after a reconnect.
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  cleanups.push(() => client.disconnect());
  return client;
}

/** Two processes on one database file, each with its own connection (and Redis client, if any). */
async function twoProcesses(withRedis: boolean) {
  const file = databaseFile();
  const redisPrefix = `lease-test:${file}:`;
  const db = connect(file);
  const client = withRedis ? redisClient() : null;
  if (client) await client.ping();
  const processOn = async (processId: string, db: Db, client: Redis | null) =>
    createLeases({ db, shared: createShared({ processId, redis: client, redisPrefix }) });
  return {
    one: await processOn('one', db, client),
    // Its Redis client is still connecting when it first asks: it must wait for Redis, not take in
    // the table a lease the first process holds in Redis.
    other: await processOn('other', connect(file), withRedis ? redisClient() : null),
    /** Who holds a lease, as each store says. */
    holder: {
      table: (name: string) =>
        db.$client.prepare('select owner from leases where name = ?').pluck().get(name) ?? null,
      redis: (name: string) => client?.get(`${redisPrefix}lease:${name}`) ?? null,
    },
  };
}

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite').each([
  { store: 'the leases table', withRedis: false },
  { store: 'Redis', withRedis: true },
])('a lease in $store', ({ withRedis }) => {
  it('is held by one process at a time; the holder may take it again', async () => {
    const { one, other } = await twoProcesses(withRedis);
    expect(await one.acquire('job', TTL_MS)).toBe(true);
    expect(await other.acquire('job', TTL_MS)).toBe(false);
    expect(await one.acquire('job', TTL_MS)).toBe(true);
    expect(await other.renew('job', TTL_MS)).toBe(false);
  });

  it('passes to another process once it expires unrenewed; the old holder cannot renew it', async () => {
    const { one, other } = await twoProcesses(withRedis);
    expect(await one.acquire('job', TTL_MS)).toBe(true);
    await sleep(TTL_MS + 50);
    expect(await other.acquire('job', TTL_MS)).toBe(true);
    expect(await one.renew('job', TTL_MS)).toBe(false);
    expect(await one.acquire('job', TTL_MS)).toBe(false);
  });

  it('renewed in time, it outlives its first time to live', async () => {
    const { one, other } = await twoProcesses(withRedis);
    expect(await one.acquire('job', TTL_MS)).toBe(true);
    for (let i = 0; i < 3; i++) {
      await sleep(TTL_MS / 2);
      expect(await one.renew('job', TTL_MS)).toBe(true);
    }
    expect(await other.acquire('job', TTL_MS)).toBe(false);
  });

  it('released, it is free at once; a release by another process changes nothing', async () => {
    const { one, other } = await twoProcesses(withRedis);
    expect(await one.acquire('job', 60_000)).toBe(true);
    await other.release('job');
    expect(await other.acquire('job', 60_000)).toBe(false);
    await one.release('job');
    expect(await other.acquire('job', 60_000)).toBe(true);
  });

  it(`is kept in ${withRedis ? 'Redis alone' : 'the table'}`, async () => {
    const { one, holder } = await twoProcesses(withRedis);
    await one.acquire('job', 60_000);
    expect(await holder.redis('job')).toBe(withRedis ? 'one' : null);
    expect(holder.table('job')).toBe(withRedis ? null : 'one');
  });

  it('names are apart: holding one lease holds no other', async () => {
    const { one, other } = await twoProcesses(withRedis);
    expect(await one.acquire('job', 60_000)).toBe(true);
    expect(await other.acquire('another job', 60_000)).toBe(true);
  });
});

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite')('a lease with Redis away', () => {
  it('stays exclusive through the table while Redis is stopped', async () => {
    const { one, other, holder } = await twoProcesses(true);
    await redis.stop();
    cleanups.push(() => redis.start());
    expect(await one.acquire('job', TTL_MS)).toBe(true);
    expect(holder.table('job')).toBe('one');
    expect(await other.acquire('job', TTL_MS)).toBe(false);
    await sleep(TTL_MS + 50);
    expect(await other.acquire('job', TTL_MS)).toBe(true);
    expect(await one.renew('job', TTL_MS)).toBe(false);
  });
});
