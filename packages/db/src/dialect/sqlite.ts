import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import type { Dialect } from './dialect';

/**
 * What only SQLite says: FTS5 full-text search (migration 0001_questions_fts), rowid, json_each,
 * instr, LIKE with an escape character and EXPLAIN QUERY PLAN.
 */
const textMatchIds = (match: unknown): SQL =>
  sql`select rowid from questions_fts where questions_fts match ${match}`;

const ftsWords = (words: readonly string[]) =>
  words.map((word) => `"${word.replaceAll('"', '""')}"${[...word].length > 1 ? '*' : ''}`);

export const sqliteDialect: Dialect = {
  throughIndex: (table, index) => sql`${table} indexed by ${sql.identifier(index)}`,
  insertionOrder: (table) => sql`${table}.rowid`,

  inJsonList: (column, list) => sql`${column} in (select value from json_each(${list}))`,

  // LIKE's wildcards in the needle are escaped (containsPattern), so '50%' looks for '50%'.
  containsText: (column, needle) => sql`${column} like ${needle} escape '\\'`,

  containsPattern: (needle) => `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,

  containsExactly: (text, part) => sql`instr(${text}, ${part}) > 0`,

  // Every word must start a token. A one-letter word must be a whole token: the prefix index starts
  // at two letters, and a one-letter prefix would scan most of the index.
  fullTextQuery: (words) => ftsWords(words).join(' AND '),

  // FTS5's rank is bm25: words rare in the index weigh more than common ones.
  rankedAnyWordIds: (words, limit) =>
    sql`select rowid as id from questions_fts where questions_fts match ${ftsWords(words).join(' OR ')} order by rank limit ${limit}`,

  textMatchIds,

  idMatchesText: (id, match) => sql`${id} in (${textMatchIds(match)})`,

  explainQueryPlan: async (db, text, values) =>
    db.$client
      .prepare<unknown[], { detail: string }>(`explain query plan ${text}`)
      .all(...values)
      .map((row) => row.detail),

  rows: async <T>(db: unknown, query: SQL) => (db as Tx).all<T>(query),

  run: async (db, query) => void (db as Tx).run(query),

  lockRows: async () => {},

  lockingRead: (query) => query,
};
