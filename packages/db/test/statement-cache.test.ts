import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it, vi } from 'vitest';
import { cacheOneTimeStatements } from '../src/statement-cache';

const t = sqliteTable('t', { id: integer('id').primaryKey(), name: text('name').notNull() });

function database(size?: number) {
  const db = drizzle(new Database(':memory:'));
  db.$client.exec('create table t (id integer primary key, name text not null)');
  db.$client.exec("insert into t (name) values ('a'), ('b'), ('c')");
  const compile = vi.spyOn(db.$client, 'prepare');
  cacheOneTimeStatements(db, size);
  // What the cache asks better-sqlite3 to compile, by SQL text.
  const compiled = () => compile.mock.calls.map(([source]) => source);
  return { db, compiled };
}

describe('the statement cache of one-time queries', () => {
  it('compiles a query once however often it runs', () => {
    const { db, compiled } = database();
    for (let id = 1; id <= 3; id++)
      db.select()
        .from(t)
        .where(sql`${t.id} = ${id}`)
        .all();
    expect(compiled()).toHaveLength(1);
  });

  it('reads objects after the same SQL was read as raw rows', () => {
    const { db } = database();
    const query = sql`select name from t where id = ${1}`;
    expect(db.values(query)).toEqual([['a']]);
    expect(db.all(query)).toEqual([{ name: 'a' }]);
    expect(db.get(query)).toEqual({ name: 'a' });
  });

  it('leaves a prepared query its own statement', () => {
    const { db, compiled } = database();
    const prepared = db.select().from(t).prepare();
    db.select().from(t).all();
    db.select().from(t).all();
    expect(compiled()).toHaveLength(2);
    expect(prepared.all()).toHaveLength(3);
  });

  it('keeps only the most recently used statements', () => {
    const { db, compiled } = database(2);
    for (const n of [1, 2, 1, 3, 1, 2]) db.get(sql.raw(`select ${n} as n`));
    // 2 was the least recently used when 3 came, so it is compiled again.
    expect(compiled()).toEqual([
      'select 1 as n',
      'select 2 as n',
      'select 3 as n',
      'select 2 as n',
    ]);
  });

  it('writes through a kept statement as through a fresh one', () => {
    const { db } = database();
    db.insert(t).values({ name: 'd' }).run();
    db.insert(t).values({ name: 'e' }).run();
    expect(db.get(sql`select count(*) as n from t`)).toEqual({ n: 5 });
  });
});
