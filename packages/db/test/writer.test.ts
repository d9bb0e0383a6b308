import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, WRITES_PER_COMMIT, type Db, type Tx } from '../src';
import { fileDatabases } from './support/file-databases';

// Write bodies may await, so a transaction can stay open while other requests run. They read on a
// connection of their own, which sees only what is committed, and wait their turn to write.

const files = fileDatabases('writer');
const fileDb = (): Db => files.open();

const joined = new Date('2026-01-01T00:00:00Z');
const addUser = (tx: Tx, username: string) =>
  tx.insert(users).values({ username, passwordHash: 'h', dateJoined: joined });
const usernames = async (db: Db) =>
  (await db.select({ username: users.username }).from(users)).map((row) => row.username);

describe('a write transaction', () => {
  it('is not seen by a read while its body is still running, and is once it commits', async () => {
    const db = fileDb();
    let finish!: () => void;
    const paused = new Promise<void>((resolve) => (finish = resolve));
    const write = db.$writer.transaction(async (tx) => {
      await addUser(tx, 'ada');
      await paused;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await usernames(db)).toEqual([]);
    finish();
    await write;
    expect(await usernames(db)).toEqual(['ada']);
  });

  it('runs one body at a time, in the order they were asked for', async () => {
    const db = fileDb();
    const order: string[] = [];
    let finish!: () => void;
    const paused = new Promise<void>((resolve) => (finish = resolve));
    const first = db.$writer.transaction(async (tx) => {
      order.push('first begins');
      await addUser(tx, 'first');
      await paused;
      order.push('first ends');
    });
    const second = db.$writer.transaction(async (tx) => {
      order.push('second begins');
      // It reads what the first committed: it began after.
      const [row] = await tx.select({ n: count() }).from(users);
      await addUser(tx, `second after ${row?.n}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish();
    await Promise.all([first, second]);
    expect(order).toEqual(['first begins', 'first ends', 'second begins']);
    expect(await usernames(db)).toEqual(['first', 'second after 1']);
  });

  it('leaves nothing when its body throws, and the next write goes on', async () => {
    const db = fileDb();
    await expect(
      db.$writer.transaction(async (tx) => {
        await addUser(tx, 'ghost');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.$writer.transaction((tx) => addUser(tx, 'real'));
    expect(await usernames(db)).toEqual(['real']);
    expect(await db.select().from(users).where(eq(users.username, 'ghost'))).toEqual([]);
  });

  it('refuses a write asked for inside another, which would wait for itself for ever', async () => {
    const db = fileDb();
    await expect(
      db.$writer.transaction(async (tx) => {
        await addUser(tx, 'outer');
        await db.$writer.transaction((inner) => addUser(inner, 'inner'));
      }),
    ).rejects.toThrow('a write transaction was asked for inside another');
    await db.$writer.transaction((tx) => addUser(tx, 'after'));
    expect(await usernames(db)).toEqual(['after']);
  });

  it('answers each write only once it is committed, where a reader sees it', async () => {
    const db = fileDb();
    const seenOnAnswer = await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        db.$writer
          .transaction((tx) => addUser(tx, name))
          .then(async () => (await usernames(db)).includes(name)),
      ),
    );
    expect(seenOnAnswer).toEqual([true, true, true]);
  });

  it('rolls back only the body that throws among writes committed together', async () => {
    const db = fileDb();
    const results = await Promise.allSettled([
      db.$writer.transaction((tx) => addUser(tx, 'before')),
      db.$writer.transaction(async (tx) => {
        await addUser(tx, 'ghost');
        throw new Error('refused');
      }),
      db.$writer.transaction((tx) => addUser(tx, 'after')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await usernames(db)).sort()).toEqual(['after', 'before']);
  });

  it(`commits every write when more than ${WRITES_PER_COMMIT} are asked for at once`, async () => {
    const db = fileDb();
    const names = Array.from({ length: WRITES_PER_COMMIT * 3 + 1 }, (_, i) => `user${i}`);
    await Promise.all(names.map((name) => db.$writer.transaction((tx) => addUser(tx, name))));
    expect((await usernames(db)).sort()).toEqual([...names].sort());
  });

  it("keeps a write's savepoint journal in memory, and the reader's temporary storage on disk", () => {
    const db = fileDb();
    // 2 is MEMORY, 0 the default (files): the writer's savepoints never spill to a file.
    expect(db.$writer.client.pragma('temp_store', { simple: true })).toBe(2);
    expect(db.$client.pragma('temp_store', { simple: true })).toBe(0);
  });
});
