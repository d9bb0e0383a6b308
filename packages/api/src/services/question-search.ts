import { sql, type SQL } from 'drizzle-orm';

/**
 * Full-text search is SQLite's FTS5 (migration 0001_questions_fts). This file is the only place that
 * knows, so a PostgreSQL build swaps these functions for tsvector ones.
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

/** A condition: the question id (an expression, so callers may wrap it) is among the matches of `match`. */
export function idMatchesText(id: SQL, match: unknown): SQL {
  return sql`${id} in (select rowid from questions_fts where ${indexMatches(match)})`;
}

/** The condition on the index itself, for `select rowid from questions_fts where ...`. */
export function indexMatches(match: unknown): SQL {
  return sql`questions_fts match ${match}`;
}
