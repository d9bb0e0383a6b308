import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';
import { runMigrations } from './migrate';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The handle a transaction callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: for service functions that may run inside or outside a transaction. */
export type Executor = Db | Tx;

/**
 * Where a single executable keeps what a checkout has in node_modules and packages/db: the
 * better-sqlite3 addon it loaded itself (process.dlopen) and the migrations it unpacked.
 */
export interface DbRuntime {
  nativeBinding?: object;
  migrationsFolder?: string;
}

/** Opens (creating if needed) the SQLite file, sets WAL and foreign keys, and applies migrations. */
export function createDb(path: string, runtime: DbRuntime = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // better-sqlite3 takes the loaded addon object as well as a path; its types know only the path.
  const sqlite = new Database(
    path,
    runtime.nativeBinding
      ? { nativeBinding: runtime.nativeBinding as unknown as string }
      : undefined,
  );
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  runMigrations(db, runtime.migrationsFolder);
  return db;
}

/** A fresh, migrated in-memory database for tests. */
export function createTestDb(): Db {
  return createDb(':memory:');
}
