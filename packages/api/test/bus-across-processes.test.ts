import { closeDb, createDb, databaseKind, type Db } from '@app/db';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../src/core/event-bus';
import { createShared } from '../src/core/shared';
import type { BusEvent } from '../src/core/topics';
import { writeTransaction } from '../src/core/write';
import { createOutboxBus } from '../src/events/outbox-bus';
import { createReadCache } from '../src/read-cache';
import { startTestRedis, type TestRedis } from './support/redis-server';
import '../src/domains/games/events';
import '../src/domains/questions/events';

// Two processes on one SQLite file are two connections, each with its own bus: what one writes,
// the other's subscribers hear, in order and once, with or without Redis ringing the doorbell.

const dir = mkdtempSync(join(tmpdir(), 'bus-across-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open: { db: Db; bus: EventBus; redis: Redis | null }[] = [];
afterEach(async () => {
  for (const { db, bus, redis } of open.splice(0)) {
    await bus.close();
    redis?.disconnect();
    closeDb(db);
  }
});

let file = 0;
/** Two "processes": two connections to a fresh database file, each with its bus. */
function twoProcesses(redisUrl?: string) {
  const path = join(dir, `site-${++file}.db`);
  return [0, 1].map(() => {
    const db = createDb(path);
    const redis = redisUrl
      ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : null;
    redis?.on('error', () => {});
    const bus = createOutboxBus(db, createShared({ redis, redisPrefix: `t${file}:` }));
    open.push({ db, bus, redis });
    return { db, bus };
  }) as [{ db: Db; bus: EventBus }, { db: Db; bus: EventBus }];
}

const viewed = (qid: number, viewCount: number) => ({ type: 'viewed' as const, qid, viewCount });

/** Collects the events of a topic a bus delivers; resolves when `count` have come. */
async function collect(bus: EventBus, count: number) {
  const got: BusEvent<'question'>[] = [];
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => (done = resolve));
  await bus.subscribe('question', null, (event) => {
    got.push(event);
    if (got.length === count) done();
  });
  return { got, all: () => Promise.race([all, timeout(5000, () => got.length)]) };
}

const timeout = (ms: number, what: () => unknown) =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`timed out with ${String(what())}`)), ms).unref(),
  );

async function write(on: { db: Db; bus: EventBus }, qid: number, viewCount: number) {
  return writeTransaction({ db: on.db, events: on.bus }, ({ publish }) =>
    publish('question', qid, viewed(qid, viewCount)),
  );
}

function behavesAsOneSite(redisUrl: () => string | undefined) {
  it('an event written through one process reaches the other, in order, once', async () => {
    const [a, b] = twoProcesses(redisUrl());
    const onB = await collect(b.bus, 20);
    const onA = await collect(a.bus, 20);
    // Interleaved writers: ten through each.
    for (let i = 0; i < 10; i += 1) {
      await write(a, 1, i);
      await write(b, 2, i);
    }
    await onB.all();
    await onA.all();
    const ids = onB.got.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(20);
    expect(onA.got.map((event) => event.id)).toEqual(onB.got.map((event) => event.id));
  });

  it("a write's events, however many, get growing ids in the order it published them, on both processes", async () => {
    const [a, b] = twoProcesses(redisUrl());
    const onA = await collect(a.bus, 20);
    const onB = await collect(b.bus, 20);
    const published = await writeTransaction({ db: a.db, events: a.bus }, ({ publish }) =>
      Array.from({ length: 20 }, (_, i) => publish('question', 7, viewed(7, i))),
    );
    await onA.all();
    await onB.all();
    const ids = published.map((event) => Number(event.id));
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => ids[0]! + i));
    for (const { got } of [onA, onB]) {
      expect(got.map((event) => event.payload)).toEqual(published.map((event) => event.payload));
      expect(got.map((event) => event.id)).toEqual(published.map((event) => event.id));
    }
    const replayed = await b.bus.replay('question', '7', String(ids[2]), 5);
    expect(replayed.map((event) => event.payload)).toEqual(
      [3, 4, 5, 6, 7].map((i) => viewed(7, i)),
    );
  });

  it('a cached read on one process right after a write acknowledged by the other sees it', async () => {
    const [a, b] = twoProcesses(redisUrl());
    const cache = await createReadCache(b.bus);
    let computed = 0;
    const read = () => cache.questionList.total('all', async () => ++computed);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    // A new question changes every total: the read right after the write is computed again.
    await writeTransaction({ db: a.db, events: a.bus }, ({ publish }) =>
      publish('question', 5, { type: 'created', qid: 5 } as never),
    );
    expect(await read()).toBe(2);
  });

  it('an ephemeral broadcast reaches the listeners of the other process', async () => {
    const [a, b] = twoProcesses(redisUrl());
    const heard: unknown[] = [];
    await b.bus.subscribeBroadcast('gamePresence' as never, 'g1', (payload) => heard.push(payload));
    // Redis's subscription is made once its connection is ready.
    await waitFor(() => !redisUrl() || (a.bus.redisUp() && b.bus.redisUp()));
    await a.bus.broadcast('gamePresence' as never, 'g1', { here: ['alice'] } as never);
    await waitFor(() => heard.length === 1);
    expect(heard).toEqual([{ here: ['alice'] }]);
  });
}

async function waitFor(condition: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite')('two processes on one database, without Redis', () => {
  behavesAsOneSite(() => undefined);
});

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite')('two processes on one database, with Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(() => redis.stop());
  behavesAsOneSite(() => redis.url);

  it('Redis going away falls back to the database, and Redis is used again when it returns', async () => {
    const [a, b] = twoProcesses(redis.url);
    await waitFor(() => a.bus.redisUp() && b.bus.redisUp());
    const onB = await collect(b.bus, 3);
    await write(a, 1, 1);
    await redis.stop();
    await waitFor(() => !b.bus.redisUp());
    await write(a, 1, 2);
    await redis.start();
    await waitFor(() => a.bus.redisUp() && b.bus.redisUp(), 15_000);
    await write(a, 1, 3);
    await onB.all();
    expect(onB.got.map((event) => event.payload)).toEqual([1, 2, 3].map((n) => viewed(1, n)));
  });
});
