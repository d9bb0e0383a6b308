import Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect as DrizzlePgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type Dialect } from '../src';
import { createPgDb, type PgDb } from '../src/pg';
import { pgDialect } from '../src/dialect/pg';
import { sqliteDialect } from '../src/dialect/sqlite';
import * as schema from '../src/schema';
import * as pgSchema from '../src/schema-pg';
import { useThrowawayDatabase } from './support/pg-databases';

// Every statement of the dialect module, run on SQLite and on PostgreSQL over the same rows: each
// case names the answer it expects, and both databases must give it.

let pg: PgDb;
const pools: PgDb[] = [];
const database = useThrowawayDatabase('test_dialect_search', async () => {
  await Promise.all(pools.map((pool) => pool.$client.end()));
});

const sqlite = createTestDb();

/** One database and its dialect, seen through the same few operations. */
interface Side {
  name: string;
  dialect: Omit<Dialect, 'explainQueryPlan'>;
  /** The first column of each row, in the order the statement returns them. */
  column(query: SQL): Promise<unknown[]>;
  run(query: SQL): Promise<void>;
  /** A moment as this database's timestamp columns take it in raw SQL. */
  moment(date: Date): number | string;
}

const sqliteSide: Side = {
  name: 'SQLite',
  dialect: sqliteDialect,
  column: async (query) => sqlite.all<Record<string, unknown>>(query).map(firstValue),
  run: async (query) => void sqlite.run(query),
  moment: (date) => date.getTime(),
};

const pgSide: Side = {
  name: 'PostgreSQL',
  dialect: pgDialect,
  column: async (query) => (await pg.execute<Record<string, unknown>>(query)).rows.map(firstValue),
  run: async (query) => void (await pg.execute(query)),
  moment: (date) => date.toISOString(),
};

function firstValue(row: Record<string, unknown>): unknown {
  return Object.values(row)[0];
}

const sides = [sqliteSide, pgSide];

const joined = new Date('2026-01-02T03:04:05.678Z');
const users = ['Ada', 'ada_l', 'bob', 'Cy', 'dee', 'Eve'].map((username, i) => ({
  id: i + 1,
  username,
  dateJoined: joined,
}));

// Titles and texts made for the search cases below: diacritics, case, punctuation inside words,
// one-letter words, and a phrase that is in one question's title, split between another's title
// and text, and reversed in a third.
const questions = [
  ['Closures in JavaScript loops', 'Why does every callback see the last value?'],
  ['Café au lait', 'A question about crème brûlée and a croissant'],
  ['cafe racer motorbikes', 'Plain ASCII text.'],
  ['map.set versus object assignment', 'snake_case names and C++ templates in Python 3.12'],
  ['Née in records', 'ΣΟΦΙΑ and МОСКВА'],
  ['Foo bar baz', 'nothing else'],
  ['foo', 'bar is in the text'],
  ['bar foo reversed', "It's a naïve test"],
  ['Zebra crossing', 'giraffe'],
  ['UPPER lower MiXeD', 'x'],
].map(([title, text], i) => ({
  id: i + 1,
  title: title ?? '',
  text: text ?? '',
  askedBy: 1,
  askDateTime: joined,
  lastActivityAt: joined,
}));

const answers = [1, 2].map((id) => ({
  id,
  questionId: 1,
  text: 'an answer',
  ansBy: 2,
  ansDateTime: joined,
}));

// search_key as the service makes it: title and text lower-cased by JavaScript.
const problems = [
  '50% off',
  '5000 off',
  'under_score',
  'underscore',
  'back\\slash',
  'backslash',
].map((searchKey, i) => ({
  id: i + 1,
  title: searchKey,
  problemText: searchKey,
  functionSignature: 'function f() {}',
  suggestedSolution: '',
  postedBy: 1,
  createdAt: joined,
  searchKey,
}));

const chats = [{ id: 1, createdAt: joined }];

beforeAll(async () => {
  // Through the writer, as the site writes: new questions enter the search index at its commit.
  await sqlite.$writer.transaction((tx) => {
    tx.insert(schema.users).values(users).run();
    tx.insert(schema.questions).values(questions).run();
    tx.insert(schema.answers).values(answers).run();
    tx.insert(schema.problems).values(problems).run();
    tx.insert(schema.chats).values(chats).run();
  });

  pg = await createPgDb(database.url, { poolSize: 2 });
  pools.push(pg);
  await pg.insert(pgSchema.users).values(users);
  await pg.insert(pgSchema.questions).values(questions);
  await pg.insert(pgSchema.answers).values(answers);
  await pg.insert(pgSchema.problems).values(problems);
  await pg.insert(pgSchema.chats).values(chats);
}, 30_000);

const matching = (side: Side, words: string[]) =>
  side.column(sql`${side.dialect.textMatchIds(side.dialect.fullTextQuery(words))} order by 1`);

/** Each case: the search words, and the questions (by id) they must find. */
const searchCases: [string, string[], number[]][] = [
  ['a word finds the questions with a word it starts', ['clos'], [1]],
  ['a prefix finds words in the text too', ['callb'], [1]],
  ['a word inside another word finds nothing', ['losures'], []],
  ['a two-letter word is a prefix', ['ze'], [9]],
  ['a one-letter word is a whole word', ['a'], [2, 8]],
  ['a one-letter word does not find words it starts', ['z'], []],
  ['several words must all be there', ['clos', 'loops'], [1]],
  ['a word that is missing leaves nothing', ['clos', 'zebra'], []],
  ['a title word alone', ['zebra'], [9]],
  ['a text word alone', ['giraffe'], [9]],
  ['one word in the title, one in the text', ['crossing', 'giraffe'], [9]],
  ['cafe finds café', ['cafe'], [2, 3]],
  ['café finds cafe', ['café'], [2, 3]],
  ['creme finds crème in the text', ['creme'], [2]],
  ['brûlée finds brûlée', ['brûlée'], [2]],
  ['nee finds Née', ['nee'], [5]],
  ['naïve finds naïve', ['naïve'], [8]],
  ['capitals in the text are found by small letters', ['upper'], [10]],
  ['capitals in the words find small letters', ['LOWER', 'Mix'], [10]],
  ['Greek capitals fold', ['σοφ'], [5]],
  ['Cyrillic capitals fold', ['москва'], [5]],
  ['a dot splits words in the text: map.set has set', ['set'], [4]],
  ['an underscore splits words: snake_case has case', ['case'], [4]],
  ['digits are words: 3.12 has 12', ['12'], [4]],
  ['a one-digit word is whole', ['3'], [4]],
  ['a word with a dot is its parts in a row', ['map.set'], [4]],
  ['a word with an underscore is its parts in a row', ['snake_case'], [4]],
  ['a word with an apostrophe is its parts in a row', ["it's"], [8]],
  ['the parts must be next to each other, in that order, in one field', ['foo.bar'], [6]],
  ['C++ is the prefix c', ['c++'], [1, 2, 3, 4, 9]],
  ['query syntax in a word is only text: foo:* | bar', ['foo:* | bar'], [6]],
  ['query syntax in a word is only text: &', ['foo&bar'], [6]],
  ['query syntax in a word is only text: !', ['!foo'], [6, 7, 8]],
  ['a quote that tries to close the lexeme', ["bar') | ('foo"], [8]],
  ['a backslash before a word', ['\\foo'], [6, 7, 8]],
  ['a lone quote matches nothing', ["'"], []],
  ['a lone backslash matches nothing', ['\\'], []],
  ['a lone & matches nothing', ['&'], []],
  ['a lone ! matches nothing', ['!'], []],
  ['a lone ( matches nothing', ['('], []],
  ['a double quote matches nothing', ['"'], []],
  ['an empty word matches nothing', [''], []],
  ['a word with nothing left makes the whole search match nothing', ['foo', '<->'], []],
];

describe.each(sides)('full-text search on $name', (side) => {
  it.each(searchCases)('%s', async (_, words, expected) => {
    expect(await matching(side, words)).toEqual(expected);
  });

  it('checks an id against the matches', async () => {
    const match = side.dialect.fullTextQuery(['cafe']);
    const found = await side.column(
      sql`select id from questions where ${side.dialect.idMatchesText(sql`id + 0`, match)} order by id`,
    );
    expect(found).toEqual([2, 3]);
  });
});

/**
 * The tables read in insertion order, with how to add a row for a user and how to change that row
 * in place (a vote switched, a read position moved).
 */
const orderedTables: {
  table: string;
  add: (side: Side, userId: number) => SQL;
  change: (userId: number) => SQL;
  remove: (userId: number) => SQL;
}[] = [
  {
    table: 'question_votes',
    add: (_, userId) =>
      sql`insert into question_votes (question_id, user_id, value) values (1, ${userId}, 1)`,
    change: (userId) => sql`update question_votes set value = -1 where user_id = ${userId}`,
    remove: (userId) => sql`delete from question_votes where user_id = ${userId}`,
  },
  {
    table: 'answer_votes',
    add: (_, userId) =>
      sql`insert into answer_votes (answer_id, user_id, value) values (1, ${userId}, 1)`,
    change: (userId) => sql`update answer_votes set value = -1 where user_id = ${userId}`,
    remove: (userId) => sql`delete from answer_votes where user_id = ${userId}`,
  },
  {
    table: 'problem_votes',
    add: (_, userId) =>
      sql`insert into problem_votes (problem_id, user_id, value) values (1, ${userId}, 1)`,
    change: (userId) => sql`update problem_votes set value = -1 where user_id = ${userId}`,
    remove: (userId) => sql`delete from problem_votes where user_id = ${userId}`,
  },
  {
    table: 'chat_participants',
    add: (side, userId) =>
      sql`insert into chat_participants (chat_id, user_id, joined_at, joined_after_id, last_read_id) values (1, ${userId}, ${side.moment(joined)}, 0, 0)`,
    change: (userId) =>
      sql`update chat_participants set last_read_id = 9 where user_id = ${userId}`,
    remove: (userId) => sql`delete from chat_participants where user_id = ${userId}`,
  },
];

describe.each(sides)('insertion order on $name', (side) => {
  it.each(orderedTables)(
    'lists $table rows as they came: a changed row keeps its place, a removed and re-added one goes last',
    async ({ table, add, change, remove }) => {
      for (const userId of [3, 1, 4, 2]) await side.run(add(side, userId));
      await side.run(change(1));
      await side.run(remove(4));
      await side.run(add(side, 4));
      await side.run(add(side, 5));
      const order = side.dialect.insertionOrder(sql.identifier(table));
      expect(
        await side.column(sql`select user_id from ${sql.identifier(table)} order by ${order}`),
      ).toEqual([3, 1, 2, 4, 5]);
    },
  );
});

describe.each(sides)('lists, substrings and exact parts on $name', (side) => {
  const { dialect } = side;

  it('keeps the rows whose id is in a JSON list', async () => {
    const list = JSON.stringify([9, 2, 99, 4]);
    expect(
      await side.column(
        sql`select id from questions where ${dialect.inJsonList(sql`id`, list)} order by id`,
      ),
    ).toEqual([2, 4, 9]);
  });

  it('keeps no row for an empty JSON list', async () => {
    expect(
      await side.column(sql`select id from questions where ${dialect.inJsonList(sql`id`, '[]')}`),
    ).toEqual([]);
  });

  const containing = (needle: string) =>
    side.column(
      sql`select id from problems where ${dialect.containsText(sql`search_key`, dialect.containsPattern(needle))} order by id`,
    );

  it.each([
    ['a plain part', 'off', [1, 2]],
    ['a % that is only a percent sign', '50%', [1]],
    ['an _ that is only an underscore', 'r_s', [3]],
    ['a backslash that is only a backslash', 'k\\s', [5]],
    ['a part that is nowhere', 'zzz', []],
  ] as const)('finds text containing %s', async (_, needle, expected) => {
    expect(await containing(needle)).toEqual(expected);
  });

  const withPart = (part: string) =>
    side.column(
      sql`select username from users where ${dialect.containsExactly(sql`username`, part)} order by id`,
    );

  it.each([
    ['minds case', 'Ad', ['Ada']],
    ['finds a part anywhere', 'a', ['Ada', 'ada_l']],
    ['takes _ as an underscore', '_', ['ada_l']],
    ['takes % as a percent sign', '%', []],
  ] as const)('a username part %s', async (_, part, expected) => {
    expect(await withPart(part)).toEqual(expected);
  });
});

describe('PostgreSQL full-text search', () => {
  it("reads the matches from the GIN index questions_search (sequential scans off: the table's ten rows)", async () => {
    // One connection, so the setting holds for the EXPLAIN.
    const single = await createPgDb(database.url, { poolSize: 1 });
    pools.push(single);
    await single.execute(sql`set enable_seqscan = off`);
    const query = new DrizzlePgDialect().sqlToQuery(
      pgDialect.textMatchIds(pgDialect.fullTextQuery(['clos', 'loops'])),
    );
    const plan = await pgDialect.explainQueryPlan(single, query.sql, query.params);
    expect(plan.join('\n')).toMatch(/Bitmap Index Scan on questions_search/);
  });

  // 63,486 texts through FTS5 and PostgreSQL: half a second idle, over five seconds on a loaded CI machine.
  it('splits and folds every character of the first plane as FTS5 does', async () => {
    // Each character between two letters: FTS5 keeps it, folds it, drops it or splits there.
    const probe = new Database(':memory:');
    probe.exec(`
      create virtual table probe using fts5(x, tokenize = 'unicode61 remove_diacritics 2');
      create virtual table probe_terms using fts5vocab(probe, 'instance');
    `);
    const codePoints: number[] = [];
    for (let cp = 1; cp <= 0xffff; cp += 1) if (cp < 0xd800 || cp > 0xdfff) codePoints.push(cp);
    const texts = codePoints.map((cp) => `a${String.fromCodePoint(cp)}b`);
    const insert = probe.prepare('insert into probe (rowid, x) values (?, ?)');
    probe.transaction(() => texts.forEach((text, i) => insert.run(i + 1, text)))();
    const fts5 = texts.map(() => [] as string[]);
    for (const row of probe
      .prepare<[], { doc: number; term: string }>(
        'select doc, term from probe_terms order by doc, offset',
      )
      .all()) {
      fts5[row.doc - 1]?.push(row.term);
    }
    probe.close();

    const { rows } = await pg.$client.query<{ words: string }>(
      'select public.search_words(text) as words from unnest($1::text[]) with ordinality as t(text, i) order by i',
      [texts],
    );
    const differing = rows
      .map((row, i) => ({ text: texts[i], fts5: fts5[i]?.join(' '), pg: row.words.trim() }))
      .filter((found) => found.fts5 !== found.pg);
    expect(differing).toEqual([]);
  }, 120_000);
});
