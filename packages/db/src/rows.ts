import type { Column } from 'drizzle-orm';

// A query is awaited on every database (better-sqlite3 answers at once, PostgreSQL later); its
// answer is a list of rows. These name the two ways a service takes one row of it.

/** The first row of the answer, or undefined when there is none. */
export async function firstRow<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** The row a write made or changed (`insert/update … returning`), which must be there. */
export async function returnedRow<T>(rows: PromiseLike<T[]>): Promise<T> {
  const [row] = await rows;
  if (row === undefined) throw new Error('the write returned no row');
  return row;
}

/**
 * The value to bind to a placeholder compared with `column`, from a number: drizzle binds a
 * placeholder's value as it is, so a moment (milliseconds since the epoch) becomes what the
 * column's database keeps — the number itself in SQLite, a timestamp in PostgreSQL.
 */
export function boundTo(column: Column, value: number): unknown {
  return column.dataType === 'date' ? column.mapToDriverValue(new Date(value)) : value;
}
