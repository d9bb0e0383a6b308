import type { Db } from '@app/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Everything about problems that only SQLite says. A PostgreSQL build swaps this file and nothing else.
 */

/** Rows of a table in the order they were inserted (who voted first comes first). */
export function insertionOrder(table: unknown): SQL {
  return sql`${table}.rowid`;
}

/**
 * A condition: the (already lower-cased) column contains `needle` (lower-cased by the caller) as a
 * substring. LIKE's wildcards in the needle are escaped, so '50%' looks for '50%'.
 */
export function containsText(column: unknown, needle: unknown): SQL {
  return sql`${column} like ${needle} escape '\\'`;
}

/** The LIKE pattern for `containsText`: the needle with %, _ and \ escaped, between wildcards. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** EXPLAIN QUERY PLAN of a statement's SQL with its bound values: for tests and slow lists. */
export function explainQueryPlan(db: Db, text: string, values: unknown[]): string[] {
  return db.$client
    .prepare<unknown[], { detail: string }>(`explain query plan ${text}`)
    .all(...values)
    .map((row) => row.detail);
}
