import type { SQL } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Every statement the services need that SQL dialects spell differently. The services say what they
 * want through this contract and never write dialect-only SQL themselves, so a PostgreSQL build is
 * one more implementation of it (tsvector, an identity column, unnest, strpos, EXPLAIN) and nothing
 * else. Each names its database, for reading a query plan.
 */
export interface Dialect<Database = Db> {
  /**
   * A table to read from through the named index: SQLite's planner goes to a row by its key when it
   * can, even when a small partial index (the few removed posts) would answer without the row;
   * PostgreSQL weighs the index by itself.
   */
  throughIndex(table: unknown, index: string): SQL;
  /** Rows of a table in the order they were inserted: who voted or joined first comes first. */
  insertionOrder(table: unknown): SQL;
  /** A condition: the column's value is in a list passed as one JSON array parameter. */
  inJsonList(column: unknown, list: unknown): SQL;
  /**
   * A condition: the (already lower-cased) column contains `needle` as a substring; `needle` is a
   * pattern made by `containsPattern`.
   */
  containsText(column: unknown, needle: unknown): SQL;
  /** The pattern for `containsText`: the (lower-cased) needle, its wildcards escaped. */
  containsPattern(needle: string): string;
  /** A condition: the text contains the part, case-sensitively (SPEC §5's users filter). */
  containsExactly(text: unknown, part: string): SQL;
  /**
   * The full-text query for search words: every word must start a word of a question's title or
   * text (a one-letter word must be a whole word). Words are text, never query syntax: one the
   * index would split ('map.set') must match its parts next to each other in one field, the last
   * a prefix, and one with no letter or digit left makes the query match nothing.
   */
  fullTextQuery(words: readonly string[]): string;
  /**
   * The ids of questions whose title or text has any of the words (each as fullTextQuery takes it),
   * the best matches first, at most `limit`: what "similar questions" asks.
   */
  rankedAnyWordIds(words: readonly string[], limit: number): SQL;
  /** The ids of questions whose title or text matches a `fullTextQuery`, as a subquery. */
  textMatchIds(match: unknown): SQL;
  /** A condition: the question id (an expression, so callers may wrap it) is among the matches. */
  idMatchesText(id: SQL, match: unknown): SQL;
  /** The query plan of a statement's SQL with its bound values, one line a step: for tests and slow lists. */
  explainQueryPlan(db: Database, text: string, values: unknown[]): Promise<string[]>;
  /** Runs a statement written with `sql` that answers rows (a select, an update … returning). */
  rows<T>(db: unknown, query: SQL): Promise<T[]>;
  /** Runs a statement written with `sql` that answers none (an insert, an update). */
  run(db: unknown, query: SQL): Promise<void>;
  /**
   * Inside a write, locks the rows `where` picks until the write ends, so a body that reads a row,
   * checks it and writes it back (a game's state, a vote) is not overtaken by another. SQLite's
   * write bodies already run one at a time (BEGIN IMMEDIATE): nothing to do there.
   */
  lockRows(tx: unknown, table: unknown, where: SQL): Promise<void>;
  /**
   * The same select, locking the rows it reads until the write ends (`for update`): lockRows and
   * the read in one statement, one round trip on PostgreSQL. Unchanged on SQLite.
   */
  lockingRead<Query>(query: Query): Query;
}
