import { closeDb, createDb, type Db, type DbRuntime } from './client';
import { databaseKind } from './tables';

export interface OpenDatabaseOptions {
  /** The SQLite file (SQLite only). */
  path: string;
  /** PostgreSQL's address (`DATABASE_URL`); PostgreSQL only. */
  url?: string;
  /** PostgreSQL: connections this process keeps open at most. */
  poolSize?: number;
  /** PostgreSQL: how long an idle connection stays open. */
  idleTimeoutMillis?: number;
  runtime?: DbRuntime;
}

// A PostgreSQL database is seen through SQLite's types (tables.ts): its pool, and, for a test
// database, how to drop it, are kept beside it.
interface PgParts {
  end(): Promise<void>;
  closing?: Promise<void>;
}
const pgParts = new WeakMap<Db, PgParts>();

/** Whether the database answers a trivial query now (GET /healthz). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    if (pgParts.has(db))
      return (await (db.$client as unknown as Queryable).query('select 1')).rowCount === 1;
    return db.$client.prepare('select 1').get() !== undefined;
  } catch {
    return false;
  }
}
/** Whether the database is still open (a timer's work stops once it is closed under it). */
export function databaseOpen(db: Db): boolean {
  const pg = pgParts.get(db);
  return pg ? pg.closing === undefined : db.$client.open;
}

interface Queryable {
  query(text: string): Promise<{ rowCount: number | null }>;
}

/**
 * This process's database, migrated: PostgreSQL at `url` when the process serves PostgreSQL
 * (tables.ts), else the SQLite file at `path`. The PostgreSQL driver is loaded only then.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  if (databaseKind === 'sqlite') {
    if (options.url)
      throw new Error(
        'This process started without DATABASE_URL in its environment, so it serves SQLite: set DATABASE_URL before it starts.',
      );
    return createDb(options.path, options.runtime);
  }
  if (!options.url) throw new Error('PostgreSQL needs its address (DATABASE_URL)');
  const { createPgDb } = await import('./pg-client');
  const pg = await createPgDb(options.url, {
    poolSize: options.poolSize,
    idleTimeoutMillis: options.idleTimeoutMillis,
  });
  const db = pg as unknown as Db;
  pgParts.set(db, { end: () => pg.$client.end() });
  return db;
}

/** Closes what openDatabase opened (and drops a test's throwaway PostgreSQL database). */
export async function closeDatabase(db: Db): Promise<void> {
  const pg = pgParts.get(db);
  if (!pg) return closeDb(db);
  if (!pg.closing) pg.closing = pg.end();
  await pg.closing;
}

/**
 * A fresh, migrated, empty database for one test: SQLite in memory, or on PostgreSQL (the server
 * at DATABASE_URL) a new database copied from a migrated template, dropped by closeDatabase.
 */
export async function openTestDatabase(): Promise<Db> {
  if (databaseKind === 'sqlite') return createDb(':memory:');
  const { createTestPgDatabase } = await import('./pg-test-database');
  const made = await createTestPgDatabase(process.env.DATABASE_URL as string);
  // A test file may open dozens of these before its end closes them: idle connections go at once,
  // so they never add up to the server's limit (100 by default).
  const db = await openDatabase({ path: '', url: made.url, poolSize: 4, idleTimeoutMillis: 200 });
  const end = pgParts.get(db)?.end;
  pgParts.set(db, {
    async end() {
      await end?.();
      await made.drop();
    },
  });
  return db;
}
