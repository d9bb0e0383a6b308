import {
  appRouter,
  createApiDeps,
  createCallerFactory,
  createContext,
  createMemorySessionStore,
} from '@app/api';
import { createTestDb, questions, tags, type Db } from '@app/db';
import type { Sandbox } from '@app/sandbox';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedManyQuestions } from './bulk-questions';

// The list and search procedures never run code: a sandbox that refuses is enough.
const noSandbox: Sandbox = {
  runTests: () => Promise.reject(new Error('the bulk seed tests run no code')),
  close: async () => {},
};

/** Rows whose denormalised counters disagree with the rows they count. */
function inconsistentQuestions(db: Db): number {
  return db.$client
    .prepare<[], { n: number }>(
      `select count(*) as n from questions q where
         answer_count <> (select count(*) from answers where question_id = q.id)
         or view_count <> (select count(*) from question_views where question_id = q.id)
         or up_vote_count <> (select count(*) from question_votes where question_id = q.id and value = 1)
         or down_vote_count <> (select count(*) from question_votes where question_id = q.id and value = -1)
         or last_activity_at < coalesce((select max(ans_date_time) from answers where question_id = q.id), 0)
         or last_activity_at < ask_date_time
         or not exists (select 1 from question_tags where question_id = q.id)`,
    )
    .get()!.n;
}

/** Throws when the full-text index disagrees with the questions table. */
function checkFullTextIndex(db: Db): void {
  db.$client.exec(`insert into questions_fts (questions_fts, rank) values ('integrity-check', 1)`);
}

/** A signed-out server-side caller with its own shared dependencies, as a fresh server would have. */
const caller = async (db: Db) =>
  createCallerFactory(appRouter)(
    createContext(await createApiDeps(db, { sandbox: noSandbox }), {
      session: createMemorySessionStore(),
      clientAddress: '127.0.0.1',
      transport: 'internal',
    }),
  );

const questionCount = (db: Db) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(questions)
    .get()?.n;

describe('seedManyQuestions', () => {
  it('inserts N questions with tags, answers, votes and views, counters and search index consistent', async () => {
    const db = createTestDb();
    const result = seedManyQuestions(db, 2000);
    expect(result).toMatchObject({
      questions: 2000,
      tags: expect.any(Number),
      answers: expect.any(Number),
    });
    expect(questionCount(db)).toBe(2000);
    expect(inconsistentQuestions(db)).toBe(0);
    checkFullTextIndex(db);

    const api = await caller(db);
    const search = await api.question.list({ search: '[javascript] array' });
    expect(search.total).toBeGreaterThan(0);
    expect(search.items.every((q) => q.tags.some((t) => t.name === 'javascript'))).toBe(true);
    expect(
      (await api.question.list({ order: 'unanswered' })).items.every((q) => q.answerCount === 0),
    ).toBe(true);
    expect(db.select().from(tags).all().length).toBe(result.tags);
  });

  it('adds to what is there and keeps the index in step with later writes', async () => {
    const db = createTestDb();
    seedManyQuestions(db, 100);
    seedManyQuestions(db, 100, { seed: 2 });
    expect(questionCount(db)).toBe(200);
    expect(inconsistentQuestions(db)).toBe(0);
    checkFullTextIndex(db);
    // The insert trigger is back: a question asked afterwards (through the writer, as the site
    // writes: new questions enter the index at its commit) is searchable.
    await db.$writer.transaction((tx) =>
      tx.$client
        .exec(`insert into questions (title, text, asked_by, ask_date_time, last_activity_at)
        values ('Zygomorphic flowers', 'text', 1, 0, 0)`),
    );
    const api = await caller(db);
    expect((await api.question.list({ search: 'zygomorph' })).total).toBe(1);
  });
});
