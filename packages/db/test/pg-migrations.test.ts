import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { eq, is, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb, pgMigrationsFolder, type PgDb } from '../src/pg';
import * as pgSchema from '../src/schema-pg';
import {
  connectPgAdmin,
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from './support/pg-databases';

// Against a real PostgreSQL: a database of its own, created here and dropped afterwards.
let admin: Client | undefined;
let database: ThrowawayDatabase | undefined;
let servers: PgDb[] = [];

const journal = JSON.parse(
  readFileSync(join(pgMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };
const tables = Object.values(pgSchema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table));

beforeAll(async () => {
  admin = await connectPgAdmin();
  database = await createThrowawayDatabase(admin, 'test_pg_migrations');
  const url = database.url;
  // Three servers starting together on a fresh database: all of them try to migrate it at once.
  servers = await Promise.all([1, 2, 3].map(() => createPgDb(url, { poolSize: 2 })));
}, 30_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.$client.end()));
  await database?.drop();
  await admin?.end();
});

describe('createPgDb', () => {
  it('applies each migration once when three servers migrate one database at once', async () => {
    const applied = await servers[0]!.execute<{ hash: string }>(
      sql`select hash from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
  });

  it('gives every server every table of the schema', async () => {
    for (const server of servers) {
      const found = await server.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      expect(found.rows.map((row) => row.table_name).sort()).toEqual(
        tables.map((table) => table.name).sort(),
      );
    }
  });

  it('creates every index of the schema, the full-text one as GIN', async () => {
    const found = await servers[1]!.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`,
    );
    const byName = new Map(found.rows.map((row) => [row.indexname, row.indexdef]));
    for (const table of tables) {
      for (const index of table.indexes) expect(byName.has(index.config.name ?? '')).toBe(true);
    }
    expect(byName.get('questions_search')).toMatch(/USING gin \(search_vector\)/);
    expect(byName.get('users_username_nocase')).toMatch(
      /^CREATE UNIQUE INDEX .* \(lower\(username\)\)/,
    );
  });

  it('reads back through one server a user written through another, with its id, default and Date', async () => {
    const joined = new Date('2026-05-04T03:02:01.123Z');
    const [written] = await servers[0]!
      .insert(pgSchema.users)
      .values({ username: 'ada', dateJoined: joined })
      .returning();
    const [read] = await servers[2]!
      .select()
      .from(pgSchema.users)
      .where(eq(pgSchema.users.id, written!.id));
    expect(read).toEqual({
      id: written!.id,
      username: 'ada',
      passwordHash: null,
      biography: '',
      dateJoined: joined,
      deletedAt: null,
      reputation: 1,
      role: 'user',
      suspendedUntil: null,
      suspensionReason: null,
    });
  });

  it("keeps a question's search column in step with its title and text", async () => {
    const [asker] = await servers[0]!
      .insert(pgSchema.users)
      .values({ username: 'grace', dateJoined: new Date() })
      .returning({ id: pgSchema.users.id });
    const now = new Date();
    const [question] = await servers[0]!
      .insert(pgSchema.questions)
      .values({
        title: 'Closures in loops',
        text: 'Why does every callback see the last value?',
        askedBy: asker!.id,
        askDateTime: now,
        lastActivityAt: now,
      })
      .returning({ id: pgSchema.questions.id });
    const matching = (query: string) =>
      servers[1]!
        .select({ id: pgSchema.questions.id })
        .from(pgSchema.questions)
        .where(sql`${pgSchema.questions.searchVector} @@ to_tsquery('simple', ${query})`);
    expect(await matching('closure:* & callback')).toEqual([{ id: question!.id }]);
    await servers[2]!
      .update(pgSchema.questions)
      .set({ title: 'Scopes' })
      .where(eq(pgSchema.questions.id, question!.id));
    expect(await matching('closure:*')).toEqual([]);
  });
});
