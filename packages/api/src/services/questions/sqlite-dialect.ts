import type { Db } from '@app/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Everything about questions that only SQLite says: FTS5 full-text search (migration
 * 0001_questions_fts), rowid, json_each and EXPLAIN QUERY PLAN. A PostgreSQL build swaps this file
 * (tsvector, a serial column, unnest, EXPLAIN) and nothing else.
 */

/**
 * The MATCH expression for search words: every word must start a token of the title or the text.
 * A one-letter word must be a whole token: the prefix index starts at two letters, and a one-letter
 * prefix would scan most of the index.
 */
export function fullTextQuery(words: readonly string[]): string {
  return words
    .map((word) => `"${word.replaceAll('"', '""')}"${[...word].length > 1 ? '*' : ''}`)
    .join(' AND ');
}

/** The ids of questions whose title or text matches `match`, as a subquery. */
export function textMatchIds(match: unknown): SQL {
  return sql`select rowid from questions_fts where questions_fts match ${match}`;
}

/** A condition: the question id (an expression, so callers may wrap it) is among the matches of `match`. */
export function idMatchesText(id: SQL, match: unknown): SQL {
  return sql`${id} in (${textMatchIds(match)})`;
}

/** A condition: the column's value is in a list passed as one JSON array parameter. */
export function inJsonList(column: unknown, list: unknown): SQL {
  return sql`${column} in (select value from json_each(${list}))`;
}

/** Rows of a table in the order they were inserted. */
export function insertionOrder(table: unknown): SQL {
  return sql`${table}.rowid`;
}

/** EXPLAIN QUERY PLAN of a statement's SQL with its bound values: for tests and slow lists. */
export function explainQueryPlan(db: Db, text: string, values: unknown[]): string[] {
  return db.$client
    .prepare<unknown[], { detail: string }>(`explain query plan ${text}`)
    .all(...values)
    .map((row) => row.detail);
}
