import { sql, type SQL } from 'drizzle-orm';

/**
 * What only SQLite says about messaging; a PostgreSQL build swaps this file (an identity column for
 * the insertion order) and nothing else.
 */

/** Rows of a table in the order they were inserted: the tie-break of participants who joined together. */
export function insertionOrder(table: unknown): SQL {
  return sql`${table}.rowid`;
}
