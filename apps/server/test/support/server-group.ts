import { RATE_LIMIT_KINDS } from '@app/api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { settingName } from '../../src/ops/config';
import { freePort, spawnServer, waitUntilHealthy, type ChildServer } from './child-server';
import { databaseEnv, makeTestDatabase } from './test-database';

/**
 * Several real server processes on one database, as behind a load balancer: the same SQLite file
 * (DATABASE_PATH), or on a PostgreSQL run the same throwaway PostgreSQL database (DATABASE_URL), and
 * the same SESSION_SECRET, each on its own port, with REDIS_URL or without. Each test file gets its
 * own database; every process is killed when the file's tests end.
 */
export interface GroupServer {
  url: string;
  process: ChildServer;
  /** Starts it again on the same port after a kill (the balancer's address does not change). */
  restart(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerGroup {
  servers: GroupServer[];
  databasePath: string;
  /** The group's PostgreSQL database on a PostgreSQL run (set once the file's beforeAll has run). */
  databaseUrl?: string;
}

export interface GroupOptions {
  count?: number;
  redisUrl?: () => string | undefined;
  /** Rate limits as they are by default (else raised out of the way, as load tests do). */
  defaultLimits?: boolean;
  env?: Record<string, string>;
}

export function useServerGroup(opts: GroupOptions = {}): ServerGroup {
  const dir = mkdtempSync(join(tmpdir(), 'qa-group-'));
  const group: ServerGroup = { servers: [], databasePath: join(dir, 'site.db') };
  const start = async (port: number): Promise<ChildServer> => {
    const limits = opts.defaultLimits
      ? { [settingName('RATE_LIMIT', 'signups')]: '1000/1m' }
      : Object.fromEntries(
          RATE_LIMIT_KINDS.map((kind) => [settingName('RATE_LIMIT', kind), '1000000/1m']),
        );
    const redisUrl = opts.redisUrl?.();
    const child = spawnServer({
      ...limits,
      ...databaseEnv({ path: group.databasePath, url: group.databaseUrl }),
      PORT: String(port),
      SESSION_SECRET: 'a-secret-the-processes-share-'.repeat(2),
      SCRYPT_LOG_N: '10',
      WEB_DIST: join(dir, 'no-web-build'),
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: 'group:' } : {}),
      ...opts.env,
    });
    await waitUntilHealthy(child, `http://127.0.0.1:${port}`);
    return child;
  };

  let dropDatabase = async () => {};
  beforeAll(async () => {
    const made = await makeTestDatabase(group.databasePath);
    group.databaseUrl = made.url;
    dropDatabase = made.drop;
    // One after another: the first creates the database, the next ones find it migrated.
    for (let i = 0; i < (opts.count ?? 2); i += 1) {
      const port = await freePort();
      const server: GroupServer = {
        url: `http://127.0.0.1:${port}`,
        process: await start(port),
        async restart() {
          server.process = await start(port);
        },
        async kill(signal = 'SIGKILL') {
          const child = server.process.child;
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill(signal);
          await server.process.exited;
        },
      };
      group.servers.push(server);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(group.servers.map((server) => server.kill()));
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });
  return group;
}
