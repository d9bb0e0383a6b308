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

/** Opens (creating if needed) the SQLite file, sets WAL and foreign keys, and applies migrations. */
export function createDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  runMigrations(db);
  return db;
}

/** A fresh, migrated in-memory database for tests. */
export function createTestDb(): Db {
  return createDb(':memory:');
}
