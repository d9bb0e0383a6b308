import {
  appRouter,
  createApiDeps,
  createCallerFactory,
  createContext,
  createMemorySessionStore,
  codeText,
} from '@app/api';
import {
  chats,
  createTestDb,
  games,
  globalMessages,
  problems,
  submissions,
  questions,
  tags,
  type Db,
} from '@app/db';
import { createSandbox, type Sandbox } from '@app/sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoContent } from './demo';
import { DEMO_GAMES, DEMO_GAME_PROBLEM } from './demo-games';
import { DEMO_PROBLEMS } from './demo-problems';
import { seedManyQuestions } from './bulk-questions';

// One real sandbox for this file, started on first use (the seed itself never runs code).
let realSandbox: Sandbox | null = null;
const sandbox: Sandbox = {
  runTests(code, testCases, limits) {
    realSandbox ??= createSandbox();
    return realSandbox.runTests(code, testCases, limits);
  },
  async close() {
    await realSandbox?.close();
    realSandbox = null;
  },
};
afterAll(() => sandbox.close());

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
    createContext(await createApiDeps(db, { sandbox }), {
      session: createMemorySessionStore(),
      clientAddress: '127.0.0.1',
      transport: 'internal',
    }),
  );

describe('seedDemoQuestions', () => {
  it('gives the demo users questions with tags, answers, comments, votes and views, counters in step', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const api = await caller(db);
    const list = await api.question.list();
    expect(list.total).toBeGreaterThanOrEqual(5);
    expect(new Set(list.items.map((q) => q.askedBy))).toEqual(new Set(['alice', 'bob', 'carol']));
    expect(list.items.some((q) => q.answerCount === 0)).toBe(true);
    expect(inconsistentQuestions(db)).toBe(0);
    checkFullTextIndex(db);

    const details = await Promise.all(list.items.map((q) => api.question.byId({ qid: q.id })));
    expect(
      details.some((q) =>
        /\[[^\]]+\]\(https:\/\/[^)]+\)/.test(q.text + q.answers.map((a) => a.text).join()),
      ),
    ).toBe(true);
    expect(
      details.some((q) => q.comments.length > 0 && q.answers.some((a) => a.comments.length > 0)),
    ).toBe(true);
    const react = (await api.tag.list()).find((t) => t.name === 'react');
    expect(react?.description).not.toBe('user added tag');
  });

  it('does nothing when questions exist, so the seed may run again', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const count = () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(questions)
        .get()?.n;
    const before = count();
    await seedDemoContent(db, { onlyIfEmpty: false });
    expect(count()).toBe(before);
  });
});

/** A server-side caller signed in as a demo user. */
async function signedInAs(db: Db, username: string) {
  const api = await caller(db);
  await api.auth.login({ username, password: DEMO_PASSWORD });
  return api;
}

describe('seedDemoMessages', () => {
  it('gives the demo users a few global messages and one direct chat with a couple of messages', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const alice = await signedInAs(db, 'alice');
    const room = await alice.message.list();
    expect(room.items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(room.items.map((m) => m.msgFrom))).toEqual(new Set(['alice', 'bob', 'carol']));
    const times = room.items.map((m) => m.msgDateTime.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const [chat, ...others] = await alice.chat.list();
    expect(others).toEqual([]);
    expect(chat?.participants.slice().sort()).toEqual(['alice', 'bob']);
    expect(chat?.unread).toBe(1);
    const messages = await alice.chat.messages({ chatId: chat!.id });
    expect(messages.items.length).toBeGreaterThanOrEqual(2);
    expect(chat?.lastMessage).toEqual(messages.items.at(-1));

    const carol = await signedInAs(db, 'carol');
    expect(await carol.chat.list()).toEqual([]);
  });

  it('the demo chat is the one-to-one chat of its two users: creating it again opens it', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const alice = await signedInAs(db, 'alice');
    const [chat] = await alice.chat.list();
    expect(await alice.chat.create({ username: 'bob' })).toMatchObject({
      created: false,
      chat: { id: chat?.id },
    });
  });

  it('adds no second set of messages when the seed runs again', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const count = (table: typeof globalMessages | typeof chats) =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .get()?.n;
    const before = [count(globalMessages), count(chats)];
    await seedDemoContent(db, { onlyIfEmpty: false });
    expect([count(globalMessages), count(chats)]).toEqual(before);
  });
});

describe('seedManyQuestions', () => {
  it('inserts N questions with tags, answers, votes and views, counters and search index consistent', async () => {
    const db = createTestDb();
    const result = seedManyQuestions(db, 2000);
    expect(result).toMatchObject({
      questions: 2000,
      tags: expect.any(Number),
      answers: expect.any(Number),
    });
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(questions)
        .get()?.n,
    ).toBe(2000);
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
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(questions)
        .get()?.n,
    ).toBe(200);
    expect(inconsistentQuestions(db)).toBe(0);
    checkFullTextIndex(db);
    // The insert trigger is back: a question asked afterwards is searchable.
    db.$client.exec(`insert into questions (title, text, asked_by, ask_date_time, last_activity_at)
      values ('Zygomorphic flowers', 'text', 1, 0, 0)`);
    const api = await caller(db);
    expect((await api.question.list({ search: 'zygomorph' })).total).toBe(1);
  });
});

/** Problems whose denormalised counters disagree with the rows they count. */
function inconsistentProblems(db: Db): number {
  return db.$client
    .prepare<[], { n: number }>(
      `select count(*) as n from problems p where
         up_vote_count <> (select count(*) from problem_votes where problem_id = p.id and value = 1)
         or down_vote_count <> (select count(*) from problem_votes where problem_id = p.id and value = -1)
         or vote_version < up_vote_count + down_vote_count
         or not exists (select 1 from problem_test_cases where problem_id = p.id)`,
    )
    .get()!.n;
}

describe('seedDemoProblems', () => {
  it('gives the demo users classic problems, one with hidden tests, votes and a few submissions', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const bob = await signedInAs(db, 'bob');
    const list = await bob.problem.list();
    expect(list.total).toBe(DEMO_PROBLEMS.length);
    expect(list.items.map((p) => p.title)).toEqual(
      expect.arrayContaining(['Two Sum', 'Reverse a String', 'FizzBuzz', 'Balanced Brackets']),
    );
    expect(inconsistentProblems(db)).toBe(0);
    expect((await bob.problem.list({ search: 'brackets' })).items).toHaveLength(1);

    const brackets = list.items.find((p) => p.title === 'Balanced Brackets')!;
    const detail = await bob.problem.byId({ id: brackets.id });
    expect(detail.hiddenTestCount).toBe(4);
    expect(detail.testCases.every((t) => !t.hidden)).toBe(true);
    const board = await bob.submission.list({ problemId: brackets.id });
    expect(board.map((row) => row.submissionBy)).toEqual(['carol']);
    expect(board[0]).toMatchObject({ lineCount: 8, runTime: expect.any(Number) });
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(submissions)
        .get()?.n,
    ).toBeGreaterThanOrEqual(4);
  });

  it('every example solution and every demo submission passes all of its tests in the real sandbox', async () => {
    for (const problem of DEMO_PROBLEMS) {
      const tests = problem.testCases.map((t) => t.testCode);
      for (const code of [problem.suggestedSolution, ...problem.submissions.map((s) => s.code)]) {
        const results = await sandbox.runTests(code, tests);
        expect({ problem: problem.title, code, statuses: results.map((r) => r.status) }).toEqual({
          problem: problem.title,
          code,
          statuses: tests.map(() => 'OK'),
        });
      }
      // Heap use is steady from run to run (run time is not): the stored figure is a real one.
      for (const submission of problem.submissions) {
        const results = await sandbox.runTests(submission.code, tests);
        const heapUse = results.reduce((sum, r) => sum + r.memoryUsage, 0) / results.length;
        expect(Math.abs(submission.heapUse - heapUse) / heapUse).toBeLessThan(0.25);
      }
    }
  });

  it('adds no second set of problems when the seed runs again', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const count = () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(problems)
        .get()?.n;
    const before = count();
    await seedDemoContent(db, { onlyIfEmpty: false });
    expect(count()).toBe(before);
  });
});

describe('seedDemoGames', () => {
  it('opens one Nim game and one CollabCode game on a demo problem, whose document starts as its signature', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    const carol = await signedInAs(db, 'carol');
    const lobby = await carol.game.list();
    expect(lobby.map((g) => [g.title, g.gameType, g.status, g.players, g.isPrivate])).toEqual([
      [DEMO_GAMES.collabCode.title, 'CollabCode', 'WAITING_TO_START', [], false],
      [DEMO_GAMES.nim.title, 'Nim', 'WAITING_TO_START', [], false],
    ]);
    const collab = lobby.find((g) => g.gameType === 'CollabCode')!;
    const room = await carol.game.byId({ id: collab.id });
    expect(room).toMatchObject({ problemTitle: DEMO_GAME_PROBLEM, deadline: null });

    await carol.game.join({ id: collab.id });
    const { update } = await carol.game.codeState({ id: collab.id });
    const twoSum = DEMO_PROBLEMS.find((p) => p.title === DEMO_GAME_PROBLEM)!;
    expect(codeText(update)).toBe(twoSum.functionSignature);
  });

  it('adds no second set of games when the seed runs again', async () => {
    const db = createTestDb();
    await seedDemoContent(db, { onlyIfEmpty: true });
    await seedDemoContent(db, { onlyIfEmpty: false });
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(games)
        .get()?.n,
    ).toBe(2);
  });
});
