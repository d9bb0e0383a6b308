import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pgDialect } from '../src/pg';
import { useBothDatabases } from './support/both-databases';

// The dialect's two write statements, held to the real databases: a statement written with `sql`
// answers its rows on both, and a row locked in one write holds back another that locks it.

const stores = useBothDatabases('test_dialect_writes', 4);

const joined = new Date('2026-01-02T03:04:05.678Z');

describe.each(['SQLite', 'PostgreSQL'] as const)('%s', (name) => {
  it('answers the rows of a statement written with sql: an update … returning', async () => {
    const { db, t, dialect } = stores[name];
    const [user] = await db
      .insert(t.users)
      .values({ username: `r_${name}`, passwordHash: 'h', dateJoined: joined })
      .returning({ id: t.users.id });
    const rows = await db.$writer.transaction((tx) =>
      dialect.rows<{ bio: string }>(
        tx,
        sql`update ${t.users} set ${sql.identifier(t.users.biography.name)} = ${'hello'} where ${t.users.id} = ${user!.id} returning ${sql.identifier(t.users.biography.name)} as bio`,
      ),
    );
    expect(rows).toEqual([{ bio: 'hello' }]);
  });

  it('runs a statement written with sql that answers no rows: an update', async () => {
    const { db, t, dialect } = stores[name];
    const [user] = await db
      .insert(t.users)
      .values({ username: `u_${name}`, passwordHash: 'h', dateJoined: joined })
      .returning({ id: t.users.id });
    await db.$writer.transaction((tx) =>
      dialect.run(
        tx,
        sql`update ${t.users} set ${sql.identifier(t.users.biography.name)} = ${'ran'} where ${t.users.id} = ${user!.id}`,
      ),
    );
    const [row] = await db
      .select({ bio: t.users.biography })
      .from(t.users)
      .where(eq(t.users.id, user!.id));
    expect(row).toEqual({ bio: 'ran' });
  });
});

describe('PostgreSQL', () => {
  it('holds back a write that locks a row another write locked, until that one commits', async () => {
    const { db, t } = stores.PostgreSQL;
    const [user] = await db
      .insert(t.users)
      .values({ username: 'locked', passwordHash: 'h', dateJoined: joined })
      .returning({ id: t.users.id });
    const row = eq(t.users.id, user!.id);
    let locked!: () => void;
    const firstHasIt = new Promise<void>((resolve) => (locked = resolve));
    const first = db.$writer.transaction(async (tx) => {
      await pgDialect.lockRows(tx, t.users, row);
      locked();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.update(t.users).set({ biography: 'first' }).where(row);
    });
    await firstHasIt;
    // Without the lock, READ COMMITTED would show it the row as it was before the first wrote.
    const seen = await db.$writer.transaction(async (tx) => {
      await pgDialect.lockRows(tx, t.users, row);
      const [now] = await tx.select({ bio: t.users.biography }).from(t.users).where(row);
      return now?.bio;
    });
    await first;
    expect(seen).toBe('first');
  });
});
