import { WRITE_LIMIT_KINDS, type RateLimits } from '@app/api';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../src/app';
import type { ServerConfig } from '../../src/ops/config';
import { makeTestDatabase, type TestDatabase } from './test-database';

/**
 * Server tests sign up many users from 127.0.0.1 and write a lot, fast: the sign-up and per-user
 * write limits (limits.ts: WRITE_LIMIT_KINDS) are out of the way unless a test sets them;
 * the limits counted inside services (messages, test runs, logins, game passwords) keep their
 * defaults.
 */
const ROOMY_WRITE_LIMITS: Partial<RateLimits> = Object.fromEntries(
  WRITE_LIMIT_KINDS.map((kind) => [kind, { max: 1_000_000, windowMs: 1000 }]),
);

/**
 * For server tests: the real server on 127.0.0.1 (a free port), a temporary database without demo
 * content and a stand-in web build, started before the file's tests and stopped after them. The
 * answer reads through to the running server once it has started. The database is the file's own
 * (on a PostgreSQL run a throwaway PostgreSQL database), unless `options.database` names one that
 * several servers share (useSharedDatabase, called before this).
 */
export function useTestServer(
  overrides: Partial<ServerConfig> = {},
  options: { database?: TestDatabase } = {},
): RunningServer {
  let started: RunningServer | undefined;
  let dir = '';
  let dropDatabase = async () => {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qa-server-'));
    let database = options.database;
    if (!database) {
      const made = await makeTestDatabase(join(dir, 'app.db'));
      dropDatabase = made.drop;
      database = made;
    }
    const webDist = join(dir, 'web');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
    started = await startServer({
      port: 0,
      host: '127.0.0.1',
      databasePath: database.path,
      databaseUrl: database.url,
      sessionSecret: 'x'.repeat(40),
      webDist,
      seedDemo: false,
      scryptLogN: 10,
      trustedOrigins: [],
      ...overrides,
      rateLimits: { ...ROOMY_WRITE_LIMITS, ...overrides.rateLimits },
    });
  });
  afterAll(async () => {
    await started?.close();
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });
  const server = (): RunningServer => {
    if (!started) throw new Error('The test server has not started yet.');
    return started;
  };
  return {
    get server() {
      return server().server;
    },
    get db() {
      return server().db;
    },
    get deps() {
      return server().deps;
    },
    get url() {
      return server().url;
    },
    close: () => server().close(),
    shutdown: (timeoutMs) => server().shutdown(timeoutMs),
  };
}
