import { count, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { createPgDb, type PgDb } from '../pg-client';
import { CopyStopped } from './copy-stopped';
import type { Row } from './sqlite-source';
import type { TablePair } from './table-pairs';

/** The handle of the one transaction the whole copy runs in. */
export type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** The URL without its password, for sentences. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

// node-postgres' codes for a server that cannot be reached, and PostgreSQL's for a refused login.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
const LOGIN_REFUSED = new Set(['28000', '28P01']);

/** Connects (one connection is all a copy uses) and creates or migrates the schema, as a server would. */
export async function connectTarget(url: string): Promise<PgDb> {
  try {
    return await createPgDb(url, { poolSize: 1 });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const where = displayUrl(url);
    if (typeof code === 'string' && UNREACHABLE.has(code))
      throw new CopyStopped(`PostgreSQL does not answer at ${where} (${code}).`);
    if (code === '3D000') {
      const name = decodeURIComponent(new URL(url).pathname.slice(1));
      throw new CopyStopped(
        `There is no database "${name}" at ${where}: create it first, empty (createdb, or CREATE DATABASE).`,
      );
    }
    if (typeof code === 'string' && LOGIN_REFUSED.has(code))
      throw new CopyStopped(
        `PostgreSQL refused the login at ${where}: ${describeDatabaseError(error)}.`,
      );
    throw error;
  }
}

/**
 * PostgreSQL's own words for a failed statement: drizzle wraps its error in one that quotes the whole
 * query with every parameter (a batch of a thousand rows), so the sentence comes from the cause.
 */
export function describeDatabaseError(error: unknown): string {
  let at: unknown = error;
  while (at instanceof Error && !('severity' in at) && at.cause !== undefined) at = at.cause;
  if (!(at instanceof Error)) return String(at);
  const detail = (at as { detail?: unknown }).detail;
  return typeof detail === 'string' ? `${at.message} (${detail})` : at.message;
}

/**
 * Locks every table for the length of the copy (nobody writes while it runs, so the target cannot
 * fill between the check and the commit) and stops unless all of them are empty.
 */
export async function lockEmptyTarget(tx: PgTx, pairs: TablePair[]): Promise<void> {
  await tx.execute(
    sql`lock table ${sql.join(
      pairs.map((pair) => pair.pg),
      sql`, `,
    )} in exclusive mode`,
  );
  const holding: string[] = [];
  for (const pair of pairs) {
    const found = await tx
      .select({ one: sql`1` })
      .from(pair.pg)
      .limit(1);
    if (found.length > 0) holding.push(pair.name);
  }
  if (holding.length > 0) {
    const named =
      holding.length > 5
        ? `${holding.slice(0, 5).join(', ')} and ${holding.length - 5} more tables`
        : holding.join(', ');
    throw new CopyStopped(
      `The PostgreSQL database already holds rows (in ${named}): the copy needs an empty one. Nothing was copied.`,
    );
  }
}

/** Inserts rows read from SQLite through the PostgreSQL table object: same keys, each column's own mapping. */
export async function insertRows(tx: PgTx, pair: TablePair, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const values = pair.deferredKeys.length
    ? rows.map((row) => ({
        ...row,
        ...Object.fromEntries(pair.deferredKeys.map((key) => [key, null])),
      }))
    : rows;
  await tx.insert(pair.pg).values(values as never);
}

/**
 * Sets the deferred references of rows already copied, a batch in one statement:
 * `update t set c = v.c from (values …) as v(…) where t.pk = v.pk`.
 */
export async function fillDeferred(tx: PgTx, pair: TablePair, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(pair.pg);
  const keys = [...pair.primaryKeys, ...pair.deferredKeys];
  const column = (key: string) => columns[key] as PgColumn;
  const name = (key: string) => sql.identifier(column(key).name);
  // Parameters in a VALUES list have no type of their own: each is cast to its column's.
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          keys.map(
            (key) => sql`${sql.param(row[key], column(key))}::${sql.raw(column(key).getSQLType())}`,
          ),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const table = sql.identifier(pair.name);
  await tx.execute(sql`update ${table} set ${sql.join(
    pair.deferredKeys.map((key) => sql`${name(key)} = copied.${name(key)}`),
    sql`, `,
  )} from (values ${values}) as copied(${sql.join(keys.map(name), sql`, `)})
    where ${sql.join(
      pair.primaryKeys.map((key) => sql`${table}.${name(key)} = copied.${name(key)}`),
      sql` and `,
    )}`);
}

/**
 * Moves each identity sequence of the table past the copied ids, and past `highWaterMark` (the
 * highest id SQLite ever handed out, deleted rows included): new rows get new ids, and the events
 * outbox keeps its high-water mark, so a client resuming after an event id misses nothing and
 * never sees an id twice. Returns the last id handed out (0: none, the sequence left at its start).
 */
export async function continueSequences(
  tx: PgTx,
  pair: TablePair,
  highWaterMark: number,
): Promise<number> {
  let lastOfAll = 0;
  for (const key of pair.identityKeys) {
    const column = getTableColumns(pair.pg)[key] as PgColumn;
    const [found] = await tx
      .select({ max: sql<number>`coalesce(max(${column}), 0)`.mapWith(Number) })
      .from(pair.pg);
    const last = Math.max(found?.max ?? 0, highWaterMark);
    // A sequence starts at 1: with no id ever handed out, it stays where it is.
    if (last > 0)
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${`"${pair.name}"`}, ${column.name}), ${last})`,
      );
    lastOfAll = Math.max(lastOfAll, last);
  }
  return lastOfAll;
}

export async function countRows(tx: PgTx, pair: TablePair): Promise<number> {
  const [found] = await tx.select({ n: count() }).from(pair.pg);
  return found?.n ?? 0;
}
