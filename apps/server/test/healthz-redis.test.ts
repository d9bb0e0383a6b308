import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../../packages/api/test/support/redis-server';
import { freePort, spawnServer, waitUntilHealthy, type ChildServer } from './support/child-server';
import { healthz, logLines } from './support/process-probes';
import { databaseEnv, useTestDatabases } from './support/test-database';

// With REDIS_URL, GET /healthz says whether Redis answers (a PING, at most once a second). Redis
// going away does not take the server down: it keeps serving through the database, says 'down',
// logs one line, and says 'up' again (one more line) once Redis is back; a Redis that is down at
// start does not stop the start either.

// Registered first: each server's database is dropped once every server has been killed.
const makeDatabase = useTestDatabases();
const dirs: string[] = [];
const children: ChildServer[] = [];
let redis: TestRedis;

beforeAll(async () => {
  redis = await startTestRedis();
});

afterAll(async () => {
  for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
  await redis.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'qa-redis-health-'));
  dirs.push(dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    PORT: String(port),
    ...databaseEnv(await makeDatabase(join(dir, 'app.db'))),
    SESSION_SECRET: 'r'.repeat(40),
    WEB_DIST: join(dir, 'no-web-build'),
    LOG_LEVEL: 'info',
    REDIS_URL: redis.url,
    ...env,
  });
  children.push(server);
  await waitUntilHealthy(server, url);
  return { server, url };
}

const redisSays = async (url: string) => (await healthz(url)).body.redis;

/** A read served through the database: the server serves whatever Redis does. */
async function servesReads(url: string) {
  const res = await fetch(`${url}/trpc/tag.list`);
  expect(res.status).toBe(200);
}

const linesSaying = (server: ChildServer, text: string) =>
  logLines(server).filter((line) => line.msg.startsWith(text));

describe('/healthz with REDIS_URL', () => {
  it('says redis "off" without REDIS_URL', async () => {
    const { url } = await start({ REDIS_URL: '' });
    expect((await healthz(url)).body).toMatchObject({ status: 'ok', redis: 'off' });
  });

  it('says "up", then "down" while Redis is away (still serving), then "up" once it is back', async () => {
    const { server, url } = await start();
    const first = await healthz(url);
    expect(first).toMatchObject({ status: 200, body: { status: 'ok', redis: 'up' } });
    expect(first.body.pid).toBe(server.child.pid);
    expect(linesSaying(server, 'connected to Redis')).toHaveLength(1);

    await redis.stop();
    await expect.poll(() => redisSays(url), { timeout: 10_000 }).toBe('down');
    const down = await healthz(url);
    expect(down.status).toBe(200);
    await servesReads(url);

    await redis.start();
    await expect.poll(() => redisSays(url), { timeout: 15_000 }).toBe('up');
    await servesReads(url);
    // One line when it went away and one when it came back, however many attempts between.
    expect(linesSaying(server, 'Redis went away')).toHaveLength(1);
    expect(linesSaying(server, 'Redis is back')).toHaveLength(1);
    const warning = linesSaying(server, 'Redis went away')[0];
    expect(warning).toMatchObject({ level: 'warn', redis: redis.url });
  }, 60_000);

  it('starts on the database alone while Redis is down, and uses Redis once it answers', async () => {
    await redis.stop();
    const { server, url } = await start();
    expect((await healthz(url)).body.redis).toBe('down');
    await servesReads(url);
    expect(linesSaying(server, 'Redis is not reachable')).toHaveLength(1);
    await redis.start();
    await expect.poll(() => redisSays(url), { timeout: 15_000 }).toBe('up');
    expect(linesSaying(server, 'Redis is back')).toHaveLength(1);
  }, 60_000);

  it('asks Redis at most about once a second, however many ask /healthz', async () => {
    const { url } = await start();
    const probe = new Redis(redis.url);
    const pings = async () => {
      const stats = await probe.info('commandstats');
      return Number(/cmdstat_ping:calls=(\d+)/.exec(stats)?.[1] ?? 0);
    };
    try {
      const before = await pings();
      const answers = await Promise.all(Array.from({ length: 100 }, () => healthz(url)));
      expect(answers.every(({ body }) => body.redis === 'up')).toBe(true);
      expect((await pings()) - before).toBeLessThanOrEqual(2);
    } finally {
      probe.disconnect();
    }
  }, 30_000);
});
