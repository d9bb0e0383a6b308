import { afterAll, beforeAll } from 'vitest';
import * as sqliteSchema from '../../src/schema';
import * as pgSchema from '../../src/schema-pg';
import { closeDb, createTestDb, dialect, type Db, type Dialect } from '../../src';
import { createPgDb, pgDialect, type PgDb } from '../../src/pg';
import { useThrowawayDatabase } from './pg-databases';

export type Tables = typeof sqliteSchema;
export type DatabaseName = 'SQLite' | 'PostgreSQL';

/** One database as the services will see it: the database, its own tables and its dialect. */
export interface Store {
  db: Db;
  t: Tables;
  dialect: Dialect<unknown>;
}

/**
 * A fresh SQLite database and a throwaway PostgreSQL one for the file's tests, each with its own
 * tables and dialect (drizzle's tables carry their dialect's value mapping). The one cast of the
 * plan (docs/ARCHITECTURE.md › PostgreSQL): PostgreSQL's database, tables and dialect seen
 * through SQLite's types. Ready in the tests (beforeAll), closed and dropped after them.
 */
export function useBothDatabases(prefix: string, poolSize = 2): Record<DatabaseName, Store> {
  const stores = {} as Record<DatabaseName, Store>;
  let pool: PgDb | undefined;
  const database = useThrowawayDatabase(prefix, async () => {
    await pool?.$client.end();
  });
  beforeAll(async () => {
    pool = await createPgDb(database.url, { poolSize });
    stores.SQLite = { db: createTestDb(), t: sqliteSchema, dialect: dialect as never };
    stores.PostgreSQL = {
      db: pool as unknown as Db,
      t: pgSchema as unknown as Tables,
      dialect: pgDialect as never,
    };
  });
  afterAll(() => stores.SQLite && closeDb(stores.SQLite.db));
  return stores;
}
