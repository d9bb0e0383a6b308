import { sql, type SQL } from 'drizzle-orm';
import type { PgDb, PgTx } from '../pg-client';
import type { Dialect } from './dialect';

/**
 * The PostgreSQL twin of sqlite.ts, with the same results: a tsvector and its GIN index for FTS5,
 * an identity column for rowid, json_array_elements_text for json_each, strpos for instr, and
 * EXPLAIN.
 *
 * Where search can still differ, and why. search_words gives FTS5's words for every character
 * (test/dialect-search.test.ts), but to_tsvector's parser then reads them with the database's
 * locale: characters FTS5's Unicode 6.1 tables leave as word characters and the locale does not
 * call letters or digits (private use, unassigned in 6.1, number forms such as ² and ½, a few marks
 * and symbols) split words in PostgreSQL; capitals added to Unicode after 6.1 (Ϳ, Cherokee) are
 * folded by PostgreSQL only. A word over 2047 bytes is left out of the index (FTS5 keeps it), and
 * positions past 16383 in one field are clamped, so a phrase that far into a text may be misjudged.
 */

// A search word, and whether it is a prefix (FTS5's `*`) or a whole word.
interface SearchWord {
  word: string;
  prefix: boolean;
}

/**
 * The tsquery of a fullTextQuery, built in the database from the words as parameters, never by
 * splicing text into query syntax. Each word goes through search_words and the 'simple'
 * configuration exactly as the titles and texts did (drizzle-pg/0000_search_words.sql), so 'Café'
 * finds 'cafe' and 'map.set' splits as it does in the index. As in FTS5, a word that splits into
 * several is a phrase: its parts next to each other, in the title or in the text (weights A and B:
 * not across the two), the last one a prefix; and a word with no letter or digit matches nothing
 * (the whole query is then null, and `@@ null` keeps no row). A lexeme is quoted as tsquery wants,
 * quotes and backslashes doubled: search_words leaves neither, and the quoting keeps it so should
 * that change.
 */
const searchQuery = (match: unknown, joiner: ' & ' | ' | ' = ' & '): SQL => sql`(
  select case when bool_or(terms.term is null) then null
    else string_agg('(' || terms.term || ')', ${sql.raw(`'${joiner}'`)})::tsquery end
  from json_to_recordset(${match}::json) as words(word text, prefix boolean)
  cross join lateral (
    select case count(*)
      when 0 then null
      when 1 then min(lexemes.quoted || case when lexemes.star = '' then '' else ':*' end)
      else '(' || string_agg(lexemes.quoted || ':' || lexemes.star || 'A', ' <-> ' order by lexemes.pos)
        || ') | (' || string_agg(lexemes.quoted || ':' || lexemes.star || 'B', ' <-> ' order by lexemes.pos) || ')'
    end as term
    from (
      select
        '''' || replace(replace(token.lexeme, '\\', '\\\\'), '''', '''''') || '''' as quoted,
        place.pos,
        case when words.prefix and place.pos = max(place.pos) over () then '*' else '' end as star
      from unnest(to_tsvector('simple', public.search_words(words.word))) as token
      cross join lateral unnest(token.positions) as place(pos)
    ) as lexemes
  ) as terms
)`;

const textMatchIds = (match: unknown): SQL =>
  sql`select questions.id from questions where questions.search_vector @@ ${searchQuery(match)}`;

export const pgDialect: Dialect<PgDb> = {
  // SQLite's rowid has no twin: the tables read in insertion order have an identity column of their
  // own in the PostgreSQL schema (schema-pg/_columns.ts insertionOrder), which no writer sets.
  throughIndex: (table) => sql`${table}`,
  insertionOrder: (table) => sql`${table}.${sql.identifier('insertion_order')}`,

  // The lists are ids: bigint compares with integer and bigint columns and keeps their indexes.
  inJsonList: (column, list) =>
    sql`${column} in (select value::bigint from json_array_elements_text(${list}::json))`,

  // PostgreSQL's LIKE minds case where SQLite's folds ASCII; both the column (search_key) and the
  // needle are lower-cased by JavaScript before they get here, so the two agree.
  containsText: (column, needle) => sql`${column} like ${needle} escape '\\'`,

  containsPattern: (needle) => `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,

  containsExactly: (text, part) => sql`strpos(${text}, ${part}) > 0`,

  // The words travel as JSON, each with FTS5's rule: a one-letter word is a whole word, any longer
  // one a prefix (sqlite.ts says why).
  fullTextQuery: (words) =>
    JSON.stringify(words.map((word): SearchWord => ({ word, prefix: [...word].length > 1 }))),

  // ts_rank weighs the title (A) above the text (B), as setweight made them.
  rankedAnyWordIds: (words, limit) => {
    const any = searchQuery(pgDialect.fullTextQuery(words), ' | ');
    return sql`select questions.id from questions where questions.search_vector @@ ${any} order by ts_rank(questions.search_vector, ${any}) desc, questions.id desc limit ${limit}`;
  },

  textMatchIds,

  idMatchesText: (id, match) => sql`${id} in (${textMatchIds(match)})`,

  explainQueryPlan: async (db, text, values) => {
    const plan = await db.$client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
    return plan.rows.map((row) => row['QUERY PLAN']);
  },

  rows: async <T>(db: unknown, query: SQL) => (await (db as PgTx).execute(query)).rows as T[],

  run: async (db, query) => void (await (db as PgTx).execute(query)),

  lockRows: async (tx, table, where) => {
    await (tx as PgTx).execute(sql`select 1 from ${table} where ${where} for update`);
  },

  lockingRead: (query) =>
    (query as unknown as { for(strength: 'update'): typeof query }).for('update'),
};
