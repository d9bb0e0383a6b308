import { randomBytes } from 'node:crypto';
import {
  benchDatabase,
  LOAD_SETTINGS,
  releaseBenchDatabase,
  startBenchServer,
  type BenchServer,
} from './server';

/**
 * Two server processes on one database (a SQLite file, or its PostgreSQL copy), as behind a load balancer: the same DATABASE_PATH and
 * SESSION_SECRET (a cookie from one is signed in on the other), ports `port` and `port + 1`, the
 * load settings (support/server.ts) on both, and `env` (REDIS_URL …) on both.
 */
export interface ServerPair {
  a: BenchServer;
  b: BenchServer;
  stop(): Promise<void>;
}

export async function startServerPair(
  port: number,
  env: Record<string, string> = {},
): Promise<ServerPair> {
  const db = benchDatabase();
  const settings = { ...LOAD_SETTINGS, SESSION_SECRET: randomBytes(32).toString('hex'), ...env };
  const remove = () => releaseBenchDatabase(db);
  // One after the other: the first migrates the database, the second finds it ready.
  const a = await startBenchServer(db, port, settings, { keepDatabase: true }).catch(
    async (error) => {
      await remove();
      throw error;
    },
  );
  const b = await startBenchServer(db, port + 1, settings, { keepDatabase: true }).catch(
    async (error) => {
      await a.stop();
      await remove();
      throw error;
    },
  );
  return {
    a,
    b,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await remove();
    },
  };
}
