import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { runPgMigrations } from './pg-migrate';
import type * as pgSchema from './schema-pg';

type PgDrizzle = NodePgDatabase<typeof pgSchema> & { $client: Pool };
/** The handle a write transaction's body receives: one pooled connection, inside BEGIN. */
export type PgTx = Parameters<Parameters<PgDrizzle['transaction']>[0]>[0];

/** PostgreSQL's database: the same `$writer` as SQLite's (client.ts), over the pool. */
export type PgDb = PgDrizzle & { $writer: PgWriter };

export interface PgWriter {
  /**
   * Runs `body` in a transaction on a connection of the pool (READ COMMITTED): committed when it
   * returns, rolled back when it throws. Bodies run side by side, each on its own connection; a
   * rule that reads a row and writes it back locks the row first (docs/ARCHITECTURE.md).
   */
  transaction<R>(body: (tx: PgTx) => Promise<R> | R): Promise<R>;
}

export interface PgDbOptions {
  /** Connections this process keeps open at most (node-postgres' default is 10). */
  poolSize?: number;
  migrationsFolder?: string;
  /** How long an idle connection stays open (node-postgres' default is 10 s). */
  idleTimeoutMillis?: number;
}

/**
 * Connects to PostgreSQL (a postgres:// URL) and applies its migrations, as createDb does for a
 * SQLite file. The driver and the schema are loaded here, on first use, so a SQLite build never
 * loads them.
 */
export async function createPgDb(url: string, options: PgDbOptions = {}): Promise<PgDb> {
  const [{ Pool }, { drizzle }, schema] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('./schema-pg'),
  ]);
  // A database that does not answer fails a request (and /healthz) within seconds, never hangs it.
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: 5000,
    ...(options.idleTimeoutMillis === undefined
      ? {}
      : { idleTimeoutMillis: options.idleTimeoutMillis }),
  });
  try {
    await runPgMigrations(pool, options.migrationsFolder);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzle(pool, { schema });
  const writer: PgWriter = { transaction: (body) => db.transaction(async (tx) => body(tx)) };
  return Object.assign(db, { $writer: writer });
}
