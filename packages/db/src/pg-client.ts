import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool, PoolClient } from 'pg';
import { createHash } from 'node:crypto';
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

/** How many distinct statement texts get a name: the app's own are a few hundred at most. */
export const NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

/** The name a statement's text is prepared under (one per text), or undefined past the bound. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/**
 * Every statement with parameters sent on a connection as a named prepared statement, named by
 * its text: the connection parses and plans it once, not on every run (drizzle sends even its
 * prepared queries unnamed), as JDBC and pgx do. PostgreSQL's own plan_cache_mode (auto) decides
 * when a statement keeps a generic plan; forcing a custom plan on every run (planning each time)
 * cost a signed-in question page 16% of its rate. The texts are the app's statements; past
 * NAMED_STATEMENTS distinct texts in a process (a query built anew each time), the rest go unnamed
 * as before, so no connection holds more than that many.
 */
function nameStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // A statement without parameters goes as it came: node-postgres sends it as a simple query,
    // which may hold several commands (a prepared statement may not).
    const named =
      Array.isArray(rest[0]) &&
      rest[0].length > 0 &&
      typeof config === 'object' &&
      config !== null &&
      typeof (config as QueryConfig).text === 'string' &&
      (config as QueryConfig).name === undefined &&
      typeof (config as QueryConfig).submit !== 'function';
    const name = named ? statementName((config as { text: string }).text) : undefined;
    return query(name ? { ...(config as object), name } : config, ...rest);
  };
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
  pool.on('connect', nameStatements);
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
