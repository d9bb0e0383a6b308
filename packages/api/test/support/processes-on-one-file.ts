import { closeDb, createDb, type Db } from '@app/db';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import {
  appRouter,
  createApiDeps,
  createCallerFactory,
  createContext,
  createMemorySessionStore,
  type ApiDeps,
} from '../../src';
import { ROOMY_WRITE_LIMITS, TEST_PASSWORD, TEST_SCRYPT_LOG_N, testSandbox } from '../helpers';
import type { TestClient } from '../helpers';

const createCaller = createCallerFactory(appRouter);

/** One server process as the api sees it: its own connection to the file, its own Redis client. */
export interface TestProcess {
  db: Db;
  deps: ApiDeps;
  /** The process's Redis client, or null without Redis. */
  redis: Redis | null;
  /** A browser talking to this process: its own cookie jar and address. */
  client(opts?: { address?: string }): TestClient;
  /** A browser signed in through this process (the user signed up already, perhaps through another). */
  signedInAs(username: string, opts?: { address?: string }): Promise<TestClient>;
}

let worlds = 0;

/** Connects as a server does before it serves: counts made before Redis answers go to the database. */
async function connectedRedis(url: string): Promise<Redis> {
  // As the bus's tests connect: a command while Redis is away fails at once (the limiters then
  // count in the database) rather than waiting for it in a queue.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // Redis going away is what some tests do: ioredis reports each failed reconnection as an error.
  redis.on('error', () => {});
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

/**
 * Processes over one SQLite file in a temporary folder, as `npm start` run twice with one
 * DATABASE_PATH (and one REDIS_URL, if given): each builds its deps with createApiDeps over its own
 * connection. Everything is closed and deleted when the test ends.
 */
export async function processesOnOneFile(
  count: number,
  opts: { redisUrl?: string } = {},
): Promise<TestProcess[]> {
  const dir = mkdtempSync(join(tmpdir(), 'processes-on-one-file-'));
  const path = join(dir, 'site.db');
  // Several tests share a file's Redis: each world keeps its keys under a prefix of its own.
  const redisPrefix = `world${++worlds}:`;
  const processes: TestProcess[] = [];
  onTestFinished(async () => {
    for (const { db, deps, redis } of processes) {
      await deps.events.close();
      redis?.disconnect();
      closeDb(db);
    }
    rmSync(dir, { recursive: true, force: true });
  });
  for (let i = 0; i < count; i++) {
    const db = createDb(path);
    const redis = opts.redisUrl ? await connectedRedis(opts.redisUrl) : null;
    const deps = await createApiDeps(db, {
      sandbox: testSandbox,
      shared: { processId: `process-${i}`, redis, redisPrefix },
      limits: ROOMY_WRITE_LIMITS,
      scryptLogN: TEST_SCRYPT_LOG_N,
    });
    const client = ({ address = '127.0.0.1' } = {}): TestClient => {
      const session = createMemorySessionStore(null);
      const ctx = createContext(deps, { session, clientAddress: address, transport: 'internal' });
      return { api: createCaller(ctx), session, listen: (signal) => createCaller(ctx, { signal }) };
    };
    processes.push({
      db,
      deps,
      redis,
      client,
      async signedInAs(username, { address } = {}) {
        const browser = client({ address });
        await browser.api.auth.login({ username, password: TEST_PASSWORD });
        return browser;
      },
    });
  }
  return processes;
}

/** Signs a user up through the process (the password is TEST_PASSWORD). */
export async function signUp(server: TestProcess, username: string): Promise<TestClient> {
  const browser = server.client();
  await browser.api.auth.signup({ username, password: TEST_PASSWORD });
  return browser;
}
