import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { runPgMigrations } from './pg-migrate';
import type * as pgSchema from './schema-pg';

export type PgDb = NodePgDatabase<typeof pgSchema> & { $client: Pool };

export interface PgDbOptions {
  /** Connections this process keeps open at most (node-postgres' default is 10). */
  poolSize?: number;
  migrationsFolder?: string;
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
  const pool = new Pool({ connectionString: url, max: options.poolSize });
  try {
    await runPgMigrations(pool, options.migrationsFolder);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return drizzle(pool, { schema });
}
