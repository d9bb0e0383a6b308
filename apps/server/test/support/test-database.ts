import { databaseKind } from '@app/db';
import { createTestPgDatabase } from '@app/db/pg';
import { afterAll, beforeAll } from 'vitest';

/**
 * A database of a test's own, as the servers it starts are told of it: the SQLite file at `path`,
 * or on a PostgreSQL run (DATABASE_URL set when the tests start) a throwaway PostgreSQL database at
 * `url` (the path is then unused: the process serves PostgreSQL).
 */
export interface TestDatabase {
  path: string;
  /** Set on a PostgreSQL run only. */
  url?: string;
}

/** A new database for a test (on SQLite, the file at `path`), and how to drop it. */
export async function makeTestDatabase(
  path: string,
): Promise<TestDatabase & { drop(): Promise<void> }> {
  if (databaseKind !== 'postgres') return { path, drop: async () => {} };
  const made = await createTestPgDatabase(process.env.DATABASE_URL as string);
  return { path, url: made.url, drop: made.drop };
}

/**
 * For a file's hooks: `make(path)` gives a new database, each dropped once the file's tests have
 * ended. Call it before the hooks that start servers on them, so its afterAll runs after theirs.
 */
export function useTestDatabases(): (path: string) => Promise<TestDatabase> {
  const made: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of made.splice(0)) await drop();
  });
  return async (path) => {
    const database = await makeTestDatabase(path);
    made.push(database.drop);
    return { path: database.path, url: database.url };
  };
}

/**
 * One database that several servers of a file share (made in beforeAll, so `url` is set from then
 * on; dropped after the file's tests). Call it before the hooks that start those servers.
 */
export function useSharedDatabase(path: string): TestDatabase {
  const shared: TestDatabase = { path };
  let drop = async () => {};
  beforeAll(async () => {
    const made = await makeTestDatabase(path);
    shared.url = made.url;
    drop = made.drop;
  });
  afterAll(async () => {
    await drop();
  });
  return shared;
}

/**
 * What a server process is told of its database: DATABASE_PATH, and on PostgreSQL DATABASE_URL
 * (else the child would inherit the test run's DATABASE_URL, the server's maintenance database).
 */
export const databaseEnv = (database: TestDatabase): Record<string, string> => ({
  DATABASE_PATH: database.path,
  ...(database.url ? { DATABASE_URL: database.url } : {}),
});
