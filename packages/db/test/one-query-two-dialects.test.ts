import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useBothDatabases, type Store } from './support/both-databases';

// The shape the services will take to serve both databases (docs/ARCHITECTURE.md › PostgreSQL):
// each query is written once, against the SQLite types, with the tables handed to it (each
// database's own: drizzle's tables carry their dialect's value mapping, so SQLite's tables on
// PostgreSQL would send timestamps as numbers), and it is awaited, never `.get()`/`.all()`/`.run()`
// (better-sqlite3's synchronous calls, which PostgreSQL's builders do not have). The row types of
// the two schemas are the same (schema-dialects.test.ts), so one query gives one row type. This
// file holds that bet to the real databases: the same code gives the same rows on both.

const stores = useBothDatabases('test_one_query');

const joined = new Date('2026-01-02T03:04:05.678Z');

/** Signs a user up as a service would: insert … returning, awaited. */
async function addUser({ db, t }: Store, username: string) {
  const [row] = await db
    .insert(t.users)
    .values({ username, passwordHash: 'h', dateJoined: joined })
    .returning();
  return row!;
}

describe.each(['SQLite', 'PostgreSQL'] as const)('one query, %s', (name) => {
  const store = () => stores[name];

  it('inserts and returns the row, timestamps as Dates to the millisecond', async () => {
    const row = await addUser(store(), `ada_${name}`);
    expect(row).toEqual({
      id: expect.any(Number),
      username: `ada_${name}`,
      passwordHash: 'h',
      biography: '',
      dateJoined: joined,
      deletedAt: null,
      reputation: 1,
      role: 'user',
      suspendedUntil: null,
      suspensionReason: null,
    });
  });

  it('selects with a condition, an order and a limit, and reads the first row of the answer', async () => {
    const { db, t } = store();
    for (const username of ['b1', 'b2', 'b3']) await addUser(store(), `${username}_${name}`);
    const rows = await db
      .select({ username: t.users.username })
      .from(t.users)
      .where(and(sql`${t.users.username} like ${'b%'}`, eq(t.users.passwordHash, 'h')))
      .orderBy(desc(t.users.id))
      .limit(2);
    expect(rows).toEqual([{ username: `b3_${name}` }, { username: `b2_${name}` }]);
    const [none] = await db.select().from(t.users).where(eq(t.users.username, 'nobody')).limit(1);
    expect(none).toBeUndefined();
  });

  it('updates and returns the changed row', async () => {
    const { db, t } = store();
    const user = await addUser(store(), `c_${name}`);
    const deletedAt = new Date('2026-03-04T05:06:07.089Z');
    const [row] = await db
      .update(t.users)
      .set({ deletedAt, biography: 'gone' })
      .where(eq(t.users.id, user.id))
      .returning({ id: t.users.id, deletedAt: t.users.deletedAt, biography: t.users.biography });
    expect(row).toEqual({ id: user.id, deletedAt, biography: 'gone' });
  });

  it('upserts: a second vote by the same user on the same question replaces the first', async () => {
    const { db, t } = store();
    const user = await addUser(store(), `d_${name}`);
    const [question] = await db
      .insert(t.questions)
      .values({
        title: 'a title',
        text: 'a text',
        askedBy: user.id,
        askDateTime: joined,
        lastActivityAt: joined,
      })
      .returning({ id: t.questions.id });
    const vote = (value: number) =>
      db
        .insert(t.questionVotes)
        .values({ questionId: question!.id, userId: user.id, value })
        .onConflictDoUpdate({
          target: [t.questionVotes.questionId, t.questionVotes.userId],
          set: { value },
        });
    await vote(1);
    await vote(-1);
    const votes = await db
      .select({ value: t.questionVotes.value })
      .from(t.questionVotes)
      .where(eq(t.questionVotes.questionId, question!.id))
      .orderBy(asc(t.questionVotes.value));
    expect(votes).toEqual([{ value: -1 }]);
  });

  it('counts, and a count is a number on both', async () => {
    const { db, t } = store();
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(t.users)
      .where(sql`${t.users.username} like ${'b%'}`);
    expect(row).toEqual({ n: 3 });
  });

  it('writes through $writer: a body that returns is committed, one that throws leaves nothing', async () => {
    const { db, t } = store();
    const kept = await db.$writer.transaction(async (tx) => {
      const [row] = await tx
        .insert(t.users)
        .values({ username: `w1_${name}`, passwordHash: 'h', dateJoined: joined })
        .returning({ username: t.users.username });
      return row?.username;
    });
    expect(kept).toBe(`w1_${name}`);
    await expect(
      db.$writer.transaction(async (tx) => {
        await tx
          .insert(t.users)
          .values({ username: `w2_${name}`, passwordHash: 'h', dateJoined: joined });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const names = await db
      .select({ username: t.users.username })
      .from(t.users)
      .where(sql`${t.users.username} like ${'w%'}`);
    expect(names).toEqual([{ username: `w1_${name}` }]);
  });
});
