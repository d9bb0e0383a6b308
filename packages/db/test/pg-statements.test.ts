import { eq, sql } from 'drizzle-orm';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMED_STATEMENTS } from '../src/pg-client';
import { createPgDb, type PgDb } from '../src/pg';
import { users } from '../src/schema-pg';
import {
  connectPgAdmin,
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from './support/pg-databases';

// Against a real PostgreSQL, on one connection, so its prepared statements can be looked at.
let admin: Client | undefined;
let database: ThrowawayDatabase | undefined;
let db: PgDb;

beforeAll(async () => {
  admin = await connectPgAdmin();
  database = await createThrowawayDatabase(admin, 'test_pg_statements');
  db = await createPgDb(database.url, { poolSize: 1 });
}, 30_000);

afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
  await admin?.end();
});

const preparedOnTheConnection = async () =>
  (
    await db.execute<{ name: string; statement: string }>(
      sql`select name, statement from pg_prepared_statements`,
    )
  ).rows;

describe('statements on a PostgreSQL connection', () => {
  it('are prepared once per connection under a name of their text, and answer as before', async () => {
    const byId = db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      // Without a name, as the app prepares its statements (through the SQLite-typed handle).
      .prepare(undefined as never);
    await db.insert(users).values({ username: 'ada', passwordHash: 'x', dateJoined: new Date() });
    const [ada] = await db.select({ id: users.id }).from(users);
    expect(await byId.execute({ id: ada!.id })).toEqual([{ username: 'ada' }]);
    expect(await byId.execute({ id: ada!.id + 1 })).toEqual([]);
    const text = byId.getQuery().sql;
    const named = (await preparedOnTheConnection()).filter((row) => row.statement === text);
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^s[\w-]{27}$/);
  });

  it('leaves a statement without parameters as it is: several commands in one still run', async () => {
    await db.execute(sql.raw('create temporary table t (n int); insert into t values (3)'));
    const kept = await db.execute<{ n: number }>(sql`select n from t where n = ${3}`);
    expect(kept.rows).toEqual([{ n: 3 }]);
  });

  it('names no more than NAMED_STATEMENTS texts, however many a process sends', async () => {
    for (let i = 0; i < NAMED_STATEMENTS + 50; i++)
      await db.execute(sql`select ${i}::int + ${sql.raw(String(i))} as n`);
    const { rows } = await db.execute<{ n: number }>(sql`select ${7}::int + 0 as n`);
    expect(rows).toEqual([{ n: 7 }]);
    expect((await preparedOnTheConnection()).length).toBeLessThanOrEqual(NAMED_STATEMENTS);
  });
});
