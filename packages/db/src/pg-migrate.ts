import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool, PoolClient } from 'pg';

// From source, packages/db/drizzle-pg; in a server bundle, the copy beside it.
const candidates = ['../drizzle-pg', './drizzle-pg'].map((folder) =>
  fileURLToPath(new URL(folder, import.meta.url)),
);
export const pgMigrationsFolder =
  candidates.find((folder) => existsSync(join(folder, 'meta', '_journal.json'))) ??
  (candidates[0] as string);

/**
 * The advisory lock every process takes to migrate: one number for the whole app, so it never meets
 * another application's lock on the same database. Locks are per database.
 */
const MIGRATION_LOCK = 0x6d_69_67_72_61_74_65n;

/**
 * Applies the pending migrations, one process at a time: servers starting together wait for the first
 * to finish, then find nothing left to do. Without the lock two of them would both read "nothing
 * applied" and both create every table.
 */
export async function runPgMigrations(
  pool: Pool,
  folder: string = pgMigrationsFolder,
): Promise<void> {
  if (!existsSync(join(folder, 'meta', '_journal.json')))
    throw new Error(
      `PostgreSQL's migrations are not in ${folder}: serve PostgreSQL from a checkout's build (the single executable serves SQLite).`,
    );
  // The lock belongs to a session, so it and the migrations share one connection.
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await migrateOn(client, folder);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed is closed, not pooled: closing it also drops a lock it still held.
    client.release(broken);
  }
}

async function migrateOn(client: PoolClient, folder: string): Promise<void> {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  await migrate(drizzle(client), { migrationsFolder: folder });
}
