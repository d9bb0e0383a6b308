import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closeDb, createDb, questions, users, type Db, type Tx } from '../src';
import { fileDatabases } from './support/file-databases';

// New questions enter the full-text index at their commit, all of a group commit's at once
// (search-index.ts, migration 0020): these hold the index whole and in step whatever a commit holds.

const files = fileDatabases('search-index');
const fileDb = (): Db => files.open();

const at = new Date('2026-01-01T00:00:00Z');
let authorId = 0;
async function withAuthor(db: Db): Promise<void> {
  await db.$writer.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ username: 'ada', passwordHash: 'h', dateJoined: at })
      .returning({ id: users.id });
    authorId = row!.id;
  });
}
async function ask(tx: Tx, title: string, text = 'some words about it'): Promise<number> {
  const [row] = await tx
    .insert(questions)
    .values({ title, text, askedBy: authorId, askDateTime: at, lastActivityAt: at })
    .returning({ id: questions.id });
  return row!.id;
}
const found = (db: Db, words: string) =>
  db.$client
    .prepare('select rowid from questions_fts where questions_fts match ? order by rowid')
    .pluck()
    .all(words);
const indexIsWhole = (db: Db) =>
  db.$client.exec(`insert into questions_fts (questions_fts, rank) values ('integrity-check', 1)`);
const waiting = (db: Db) =>
  db.$client.prepare('select count(*) from questions_fts_pending').pluck().get();

describe('the search index', () => {
  it('finds a question as soon as its write is committed', async () => {
    const db = fileDb();
    await withAuthor(db);
    const id = await db.$writer.transaction((tx) => ask(tx, 'Sorting tuples in rust'));
    expect(found(db, 'tuples')).toEqual([id]);
    expect(waiting(db)).toBe(0);
    indexIsWhole(db);
  });

  it('finds every question of one group commit', async () => {
    const db = fileDb();
    await withAuthor(db);
    const ids = await Promise.all(
      ['alpha', 'bravo', 'charlie', 'delta'].map((word) =>
        db.$writer.transaction((tx) => ask(tx, `A question about ${word}`)),
      ),
    );
    expect(found(db, 'question')).toEqual(ids);
    expect(found(db, 'charlie')).toEqual([ids[2]]);
    indexIsWhole(db);
  });

  it('leaves out the question of a write that failed in the same group', async () => {
    const db = fileDb();
    await withAuthor(db);
    const kept = db.$writer.transaction((tx) => ask(tx, 'Kept lighthouse'));
    const failed = db.$writer.transaction(async (tx) => {
      await ask(tx, 'Failed lighthouse');
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    expect(found(db, 'lighthouse')).toEqual([await kept]);
    indexIsWhole(db);
  });

  it('finds a question edited before its commit by its new words only', async () => {
    const db = fileDb();
    await withAuthor(db);
    const id = await db.$writer.transaction(async (tx) => {
      const asked = await ask(tx, 'Original wording');
      await tx.update(questions).set({ title: 'Revised wording' }).where(eq(questions.id, asked));
      return asked;
    });
    expect(found(db, 'revised')).toEqual([id]);
    expect(found(db, 'original')).toEqual([]);
    indexIsWhole(db);
  });

  it('forgets a question removed before its commit', async () => {
    const db = fileDb();
    await withAuthor(db);
    await db.$writer.transaction(async (tx) => {
      const asked = await ask(tx, 'Short lived');
      await tx.delete(questions).where(eq(questions.id, asked));
    });
    expect(found(db, 'lived')).toEqual([]);
    expect(waiting(db)).toBe(0);
    indexIsWhole(db);
  });

  it('follows an edit and a removal of a question committed earlier', async () => {
    const db = fileDb();
    await withAuthor(db);
    const [edited, removed] = await db.$writer.transaction(async (tx) => [
      await ask(tx, 'Harbour crane'),
      await ask(tx, 'Harbour boat'),
    ]);
    await db.$writer.transaction(async (tx) => {
      await tx.update(questions).set({ title: 'Harbour ship' }).where(eq(questions.id, edited!));
      await tx.delete(questions).where(eq(questions.id, removed!));
    });
    expect(found(db, 'harbour')).toEqual([edited]);
    expect(found(db, 'crane')).toEqual([]);
    indexIsWhole(db);
  });

  it('indexes at start a question written outside the writer', async () => {
    const path = files.path();
    const first = createDb(path);
    const db = first;
    await withAuthor(db);
    // A tool's own statement on the file: the trigger notes the question, no commit of ours indexes it.
    first.$writer.client
      .prepare(
        'insert into questions (title, text, asked_by, ask_date_time, last_activity_at) values (?, ?, ?, ?, ?)',
      )
      .run('Written by a tool', 'its text', authorId, at.getTime(), at.getTime());
    expect(found(first, 'tool')).toEqual([]);
    closeDb(first);
    const again = files.open(path);
    expect(found(again, 'tool')).toHaveLength(1);
    indexIsWhole(again);
  });
});
