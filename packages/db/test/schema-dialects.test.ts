import { is, sql, Table, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import { index, integer as pgInteger, pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { index as sqliteIndex, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as sqliteSchema from '../src/schema';
import * as pgSchema from '../src/schema-pg';
import { pgShape, sqliteShape, tableDifferences, tablesOf } from './schema-differences';

// The PostgreSQL schema (src/schema-pg) is a second copy of the SQLite one (src/schema): this test
// fails as soon as the two say different things about a table.

/**
 * What one side has and the other has not, on purpose. SQLite's full-text table questions_fts (FTS5,
 * migration 0001) is written by hand in a migration and is not in the schema, so it needs no entry.
 */
const knownDifferences: Record<string, string> = {
  'questions: column search_vector only in PostgreSQL':
    "PostgreSQL's full-text document of title and text, in place of SQLite's questions_fts",
  'questions: index questions_search only in PostgreSQL': 'the GIN index that searches it',
  // SQLite reads these tables in rowid order (the dialect's insertionOrder: who voted or joined
  // first); PostgreSQL has no rowid, so each has an identity column of its own that no writer sets.
  'question_votes: column insertion_order only in PostgreSQL': 'the order votes were cast in',
  'answer_votes: column insertion_order only in PostgreSQL': 'the order votes were cast in',
  'problem_votes: column insertion_order only in PostgreSQL': 'the order votes were cast in',
  'chat_participants: column insertion_order only in PostgreSQL': 'the order people joined in',
};

const sqliteTables = tablesOf(sqliteSchema).sqlite;
const pgTables = tablesOf(pgSchema).pg;

function differencesOf(name: string): string[] {
  const sqlite = sqliteTables.get(name);
  const pg = pgTables.get(name);
  if (!sqlite || !pg) return [];
  return tableDifferences(name, sqliteShape(sqlite), pgShape(pg));
}

describe('the SQLite and PostgreSQL schemas', () => {
  it('have the same tables', () => {
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
  });

  it('export the same names, so code can import either', () => {
    expect(Object.keys(pgSchema).sort()).toEqual(Object.keys(sqliteSchema).sort());
  });

  it.each([...sqliteTables.keys()])(
    '%s has the same columns, keys, indexes, checks and foreign keys in both',
    (name) => {
      expect(differencesOf(name).filter((found) => !(found in knownDifferences))).toEqual([]);
    },
  );

  it('still differ in each way the known differences name (none of them is stale)', () => {
    const all = [...sqliteTables.keys()].flatMap(differencesOf);
    expect(all.filter((found) => found in knownDifferences).sort()).toEqual(
      Object.keys(knownDifferences).sort(),
    );
  });
});

// The comparison itself, on small tables made to differ in one way each.
describe('comparing a SQLite table with a PostgreSQL table', () => {
  const compare = (sqlite: Parameters<typeof sqliteShape>[0], pg: Parameters<typeof pgShape>[0]) =>
    tableDifferences('t', sqliteShape(sqlite), pgShape(pg));

  it('finds nothing between two tables that say the same', () => {
    const a = sqliteTable('t', { id: integer('id').primaryKey({ autoIncrement: true }) });
    const b = pgTable('t', { id: pgInteger('id').primaryKey().generatedByDefaultAsIdentity() });
    expect(compare(a, b)).toEqual([]);
  });

  it('reports a column that only one side has', () => {
    const a = sqliteTable('t', { id: text('id').primaryKey(), name: text('name') });
    const b = pgTable('t', { id: pgText('id').primaryKey() });
    expect(compare(a, b)).toEqual(['t: column name only in SQLite']);
  });

  it('reports a column that is nullable on one side only', () => {
    const a = sqliteTable('t', { name: text('name').notNull() });
    const b = pgTable('t', { name: pgText('name') });
    expect(compare(a, b)).toEqual([
      't: column name notNull is true in SQLite, false in PostgreSQL',
    ]);
  });

  it('reports columns whose types do not map to each other', () => {
    const a = sqliteTable('t', { count: integer('count') });
    const b = pgTable('t', { count: pgText('count') });
    expect(compare(a, b)).toEqual([
      't: column count type is integer in SQLite, text in PostgreSQL',
    ]);
  });

  it('reports a foreign key that deletes differently', () => {
    const parentA = sqliteTable('p', { id: integer('id').primaryKey() });
    const parentB = pgTable('p', { id: pgInteger('id').primaryKey() });
    const a = sqliteTable('t', {
      parent: integer('parent').references(() => parentA.id, { onDelete: 'cascade' }),
    });
    const b = pgTable('t', { parent: pgInteger('parent').references(() => parentB.id) });
    expect(compare(a, b)).toEqual([
      't: foreign key t_parent_p_id_fk is (parent) references p(id) on delete cascade on update no action in SQLite, (parent) references p(id) on delete no action on update no action in PostgreSQL',
    ]);
  });

  it('reports an index over other columns or with another condition', () => {
    const a = sqliteTable('t', { x: integer('x'), y: integer('y') }, (t) => [
      sqliteIndex('t_x')
        .on(t.x)
        .where(sql`${t.y} is null`),
    ]);
    const b = pgTable('t', { x: pgInteger('x'), y: pgInteger('y') }, (t) => [
      index('t_x').on(t.x, t.y),
    ]);
    expect(compare(a, b)).toEqual([
      't: index t_x is on (x) where "t"."y" is null in SQLite, on (x, y) in PostgreSQL',
    ]);
  });
});

// Checked by tsc (`pnpm typecheck`), not at run time: a row read or written through either schema has
// the same TypeScript type (Dates for timestamps, numbers for ids), bar PostgreSQL's own columns.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type TableNames = {
  [K in keyof typeof sqliteSchema]: (typeof sqliteSchema)[K] extends Table ? K : never;
}[keyof typeof sqliteSchema];
type PgOnlyColumns = 'searchVector' | 'insertionOrder';
type RowTypesAgree<K extends TableNames> = [
  Same<
    InferSelectModel<(typeof sqliteSchema)[K]>,
    Omit<InferSelectModel<(typeof pgSchema)[K]>, PgOnlyColumns>
  >,
  Same<InferInsertModel<(typeof sqliteSchema)[K]>, InferInsertModel<(typeof pgSchema)[K]>>,
];
type Disagreeing = {
  [K in TableNames]: RowTypesAgree<K> extends [true, true] ? never : K;
}[TableNames];
// When a table's rows differ, tsc names it here: "'no table' is not assignable to type 'users'".
const rowTypesDisagreeIn: [Disagreeing] extends [never] ? 'no table' : Disagreeing = 'no table';
void rowTypesDisagreeIn;

describe('the tables a process hands out (tables.ts)', () => {
  it('are every table of the schema, under the same names', async () => {
    const handedOut = await import('../src/tables');
    const tableNames = (module: object) =>
      Object.entries(module)
        .filter(([, value]) => is(value, Table))
        .map(([name]) => name)
        .sort();
    expect(tableNames(handedOut)).toEqual(tableNames(sqliteSchema));
  });
});
