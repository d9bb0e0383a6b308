import {
  appRouter,
  codeText,
  computeReputations,
  createApiDeps,
  createContext,
  createMemorySessionStore,
  type ApiDeps,
} from '@app/api';
import * as schema from '@app/db';
import {
  closeDatabase,
  databaseKind,
  dialect,
  games,
  openTestDatabase,
  problems,
  sessions,
  submissions,
  type Db,
} from '@app/db';
import { createSandbox, type Sandbox } from '@app/sandbox';
import {
  count as countRows,
  getTableColumns,
  getTableName,
  gte,
  is,
  sql,
  Table,
  type Column,
} from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveDemoContent } from './age-demo-content';
import { seedDemoContent } from './demo';
import { DEMO_GAMES, DEMO_GAME_PROBLEM } from './demo-games';
import { DEMO_PROBLEMS } from './demo-problems';
import { DEMO_QUESTIONS, type DemoQuestion } from './demo-questions';
import { DEMO_PASSWORD } from './demo-cast';
import { TAG_DESCRIPTIONS } from './tag-descriptions';
import { DEFAULT_TAG_DESCRIPTION } from '@app/validators';

// One real sandbox for this file, started on first use: the API runs the demo's problems and
// submissions through it, as the server's does.
let realSandbox: Sandbox | null = null;
const sandbox: Sandbox = {
  runTests(code, testCases, limits, run) {
    realSandbox ??= createSandbox();
    return realSandbox.runTests(code, testCases, limits, run);
  },
  async close() {
    await realSandbox?.close();
    realSandbox = null;
  },
};
afterAll(() => sandbox.close());

// Every world the file opened, closed after its tests (on PostgreSQL each is a database of its own,
// dropped then).
const opened: { db: Db; deps?: ApiDeps }[] = [];
afterAll(async () => {
  for (const { db, deps } of opened.splice(0).reverse()) {
    await deps?.events.close();
    await closeDatabase(db);
  }
});

/** A fresh server's database and shared dependencies, seeded as it seeds them at start. */
async function seededWorld() {
  const db = await openTestDatabase();
  const entry: (typeof opened)[number] = { db };
  opened.push(entry);
  const deps = await createApiDeps(db, { sandbox, scryptLogN: Number(process.env.SCRYPT_LOG_N) });
  entry.deps = deps;
  const before = Date.now();
  await seedDemoContent(deps, { onlyIfEmpty: true });
  return { db, deps, seeded: { from: before, to: Date.now() } };
}
type World = Awaited<ReturnType<typeof seededWorld>>;

// Most tests only read: they share one seeded world (the seed runs real code in the sandbox).
let world: World;
beforeAll(async () => {
  world = await seededWorld();
});

/** A signed-out caller over the world's shared dependencies, as a visitor of the server. */
const visitor = (deps: ApiDeps) =>
  appRouter.createCaller(
    createContext(deps, {
      session: createMemorySessionStore(),
      clientAddress: '127.0.0.1',
      transport: 'internal',
    }),
  );

/** A caller signed in as a demo user, with the README's password. */
async function signedInAs(deps: ApiDeps, username: string) {
  const api = visitor(deps);
  await api.auth.login({ username, password: DEMO_PASSWORD });
  return api;
}

/** Rows of the table, optionally only those `where` picks. */
const count = async (db: Db, table: Table, where?: ReturnType<typeof gte>) =>
  (await db.select({ n: countRows() }).from(table).where(where))[0]?.n ?? 0;

/** Every table of the database (of this process's dialect). */
const SCHEMA_TABLES = (Object.values(schema) as unknown[]).filter((value): value is Table =>
  is(value, Table),
);

/** The table's columns that keep a moment (a Date on either database). */
const timeColumns = (table: Table): Column[] =>
  Object.values(getTableColumns(table)).filter((column) => column.dataType === 'date');

/** The count(*) of a raw statement, as a number (PostgreSQL answers count(*) as a string). */
const countOf = async (db: Db, query: ReturnType<typeof sql>) =>
  Number((await dialect.rows<{ n: number | string }>(db, query))[0]?.n);

/** Rows whose denormalised counters disagree with the rows they count. */
function inconsistentQuestions(db: Db): Promise<number> {
  return countOf(
    db,
    sql`select count(*) as n from questions q where
         answer_count <> (select count(*) from answers where question_id = q.id)
         or view_count <> (select count(*) from question_views where question_id = q.id)
         or up_vote_count <> (select count(*) from question_votes where question_id = q.id and value = 1)
         or down_vote_count <> (select count(*) from question_votes where question_id = q.id and value = -1)
         or exists (select 1 from answers where question_id = q.id and ans_date_time > q.last_activity_at)
         or last_activity_at < ask_date_time
         or not exists (select 1 from question_tags where question_id = q.id)`,
  );
}

/** Throws when the full-text index disagrees with the questions table. */
async function checkFullTextIndex(db: Db): Promise<void> {
  if (databaseKind === 'sqlite') {
    db.$client.exec(
      `insert into questions_fts (questions_fts, rank) values ('integrity-check', 1)`,
    );
    return;
  }
  // PostgreSQL: each question's search_vector is what its generated column's expression
  // (drizzle-pg/0001_init.sql) makes of its title and text.
  const stale = await countOf(
    db,
    sql`select count(*) as n from questions where search_vector is distinct from (
          setweight(to_tsvector('simple', public.search_words(title)), 'A')
          || setweight(to_tsvector('simple', public.search_words(text)), 'B'))`,
  );
  expect(stale).toBe(0);
}

/** How long before the seed the question's latest answer or comment (or its asking) was. */
const lastActivityAgo = (q: DemoQuestion) =>
  Math.min(
    q.ago,
    ...q.comments.map((c) => q.ago - c.after),
    ...q.answers.flatMap((a) => [
      q.ago - a.after,
      ...(a.comments ?? []).map((c) => q.ago - c.after),
    ]),
  );

describe('demo questions', () => {
  it('gives the demo users questions with tags, answers, comments, votes and views, counters in step', async () => {
    const { db, deps } = world;
    const api = visitor(deps);
    const list = await api.question.list();
    expect(list.total).toBe(DEMO_QUESTIONS.length);
    expect(new Set(list.items.map((q) => q.askedBy))).toEqual(new Set(['alice', 'bob', 'carol']));
    expect(list.items.some((q) => q.answerCount === 0)).toBe(true);
    expect(await inconsistentQuestions(db)).toBe(0);
    await checkFullTextIndex(db);

    const details = await Promise.all(list.items.map((q) => api.question.byId({ qid: q.id })));
    expect(
      details.some((q) =>
        /\[[^\]]+\]\(https:\/\/[^)]+\)/.test(q.text + q.answers.map((a) => a.text).join()),
      ),
    ).toBe(true);
    expect(
      details.some((q) => q.comments.length > 0 && q.answers.some((a) => a.comments.length > 0)),
    ).toBe(true);
    // Tags are made by asking, as anyone makes them; each counts the demo questions carrying it.
    const tagged = (name: string) => DEMO_QUESTIONS.filter((q) => q.tags.includes(name)).length;
    const tags = await api.tag.list();
    expect(tags.map((t) => [t.name, t.qcnt])).toEqual(
      [...new Set(DEMO_QUESTIONS.flatMap((q) => q.tags))]
        .sort()
        .map((name) => [name, tagged(name)]),
    );
    // The well-known ones read as on a real site, the others as any new tag.
    for (const tag of tags)
      expect(tag.description).toBe(TAG_DESCRIPTIONS[tag.name] ?? DEFAULT_TAG_DESCRIPTION);
    expect(tags.find((t) => t.name === 'react')?.description).toBe(TAG_DESCRIPTIONS.react);
  });

  it('shows the counters its procedures made: answers, scores, views, accepted answers, activity order', async () => {
    const api = visitor(world.deps);
    const { items } = await api.question.list({ limit: 100 });
    const shown = new Map(items.map((q) => [q.title, q]));
    for (const q of DEMO_QUESTIONS) {
      expect(shown.get(q.title)).toMatchObject({
        askedBy: q.askedBy,
        answerCount: q.answers.length,
        viewCount: new Set(q.views).size,
        upVoteCount: q.up.length,
        downVoteCount: q.down.length,
        voteScore: q.up.length - q.down.length,
        hasAcceptedAnswer: q.answers.some((a) => a.acceptedAfter !== undefined),
      });
    }
    const byAgo = (ago: (q: DemoQuestion) => number) =>
      [...DEMO_QUESTIONS].sort((a, b) => ago(a) - ago(b)).map((q) => q.title);
    expect(items.map((q) => q.title)).toEqual(byAgo((q) => q.ago));
    const active = await api.question.list({ order: 'active', limit: 100 });
    expect(active.items.map((q) => q.title)).toEqual(byAgo(lastActivityAgo));
  });

  it('gives every demo user the reputation their votes and acceptances earn, with its history', async () => {
    const computed = await computeReputations(world.db);
    const users = await world.db
      .select({ id: schema.users.id, reputation: schema.users.reputation })
      .from(schema.users);
    expect(users.map((u) => [u.id, u.reputation])).toEqual(
      users.map((u) => [u.id, computed.get(u.id)]),
    );
    expect(users.some((u) => u.reputation > 1)).toBe(true);
    expect(await count(world.db, schema.reputationChanges)).toBeGreaterThan(0);
  });

  it('looks lived-in: each time is the story’s, spread over the past month, not the moment of seeding', async () => {
    const { db, deps, seeded } = world;
    const api = visitor(deps);
    const { items } = await api.question.list({ limit: 100 });
    // A tie in the story is set a millisecond apart: a few milliseconds of slack.
    const near = (time: Date, ago: number) => {
      expect(time.getTime()).toBeGreaterThanOrEqual(seeded.from - ago);
      expect(time.getTime()).toBeLessThanOrEqual(seeded.to - ago + 50);
    };
    for (const q of DEMO_QUESTIONS) {
      const item = items.find((i) => i.title === q.title)!;
      near(item.askDateTime, q.ago);
      near(item.lastActivityAt, lastActivityAgo(q));
    }
    const leftJoin = items.find((q) => q.title.includes('LEFT JOIN'))!;
    expect(leftJoin.lastActivityKind).toBe('commented');
    const pnpm = items.find((q) => q.title.includes('pnpm monorepo'))!;
    expect(pnpm.lastActivityKind).toBe('asked');
    const exhaustive = items.find((q) => q.title.includes('exhaustive switch'))!;
    expect(exhaustive.lastActivityKind).toBe('answered');

    // No table keeps a time of the seeding itself, but the event log (when events were delivered).
    const stampedWhileSeeding: string[] = [];
    for (const table of SCHEMA_TABLES.filter((table) => table !== schema.events))
      for (const column of timeColumns(table))
        if ((await count(db, table, gte(column, new Date(seeded.from)))) > 0)
          stampedWhileSeeding.push(`${getTableName(table)}.${column.name}`);
    expect(stampedWhileSeeding).toEqual([]);
  });
});

describe('demo messages', () => {
  it('gives the demo users a few global messages and one direct chat with a couple of messages', async () => {
    const alice = await signedInAs(world.deps, 'alice');
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

    const carol = await signedInAs(world.deps, 'carol');
    expect(await carol.chat.list()).toEqual([]);
  });

  it('the demo chat is the one-to-one chat of its two users: creating it again opens it', async () => {
    const alice = await signedInAs(world.deps, 'alice');
    const [chat] = await alice.chat.list();
    expect(await alice.chat.create({ username: 'bob' })).toMatchObject({
      created: false,
      chat: { id: chat?.id },
    });
  });
});

/** Problems whose denormalised counters disagree with the rows they count. */
function inconsistentProblems(db: Db): Promise<number> {
  return countOf(
    db,
    sql`select count(*) as n from problems p where
         up_vote_count <> (select count(*) from problem_votes where problem_id = p.id and value = 1)
         or down_vote_count <> (select count(*) from problem_votes where problem_id = p.id and value = -1)
         or vote_version < up_vote_count + down_vote_count
         or not exists (select 1 from problem_test_cases where problem_id = p.id)`,
  );
}

describe('demo problems', () => {
  it('gives the demo users classic problems, one with hidden tests, votes and a few submissions', async () => {
    const { db, deps } = world;
    const bob = await signedInAs(deps, 'bob');
    const list = await bob.problem.list();
    expect(list.total).toBe(DEMO_PROBLEMS.length);
    expect(list.items.map((p) => p.title)).toEqual(
      expect.arrayContaining(['Two Sum', 'Reverse a String', 'FizzBuzz', 'Balanced Brackets']),
    );
    expect(await inconsistentProblems(db)).toBe(0);
    expect((await bob.problem.list({ search: 'brackets' })).items).toHaveLength(1);

    const brackets = list.items.find((p) => p.title === 'Balanced Brackets')!;
    const detail = await bob.problem.byId({ id: brackets.id });
    expect(detail.hiddenTestCount).toBe(4);
    expect(detail.testCases.every((t) => !t.hidden)).toBe(true);
    const board = await bob.submission.list({ problemId: brackets.id });
    expect(board.map((row) => row.submissionBy)).toEqual(['carol']);
    expect(board[0]).toMatchObject({ lineCount: 8, runTime: expect.any(Number) });
    expect(await count(db, submissions)).toBe(DEMO_PROBLEMS.flatMap((p) => p.submissions).length);
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
    }
  });

  it('the demo problems have their difficulty, topics and submission counts (issue 24)', async () => {
    const { items } = await visitor(world.deps).problem.list();
    for (const problem of DEMO_PROBLEMS) {
      expect(items.find((p) => p.title === problem.title)).toMatchObject({
        difficulty: problem.difficulty,
        topics: problem.topics,
        submitCount: problem.submissions.length,
        acceptedCount: problem.submissions.length,
      });
    }
  });

  it('the leaderboards show the figures the sandbox measured for each solution', async () => {
    const api = visitor(world.deps);
    const { items } = await api.problem.list();
    for (const problem of DEMO_PROBLEMS) {
      const id = items.find((p) => p.title === problem.title)!.id;
      const board = await api.submission.list({ problemId: id });
      expect(board).toHaveLength(problem.submissions.length);
      const tests = problem.testCases.map((t) => t.testCode);
      // Heap use is steady from run to run (run time is not): the stored figure is a real one.
      for (const row of board) {
        const { code } = problem.submissions.find((s) => s.by === row.submissionBy)!;
        const results = await sandbox.runTests(code, tests);
        const heapUse = results.reduce((sum, r) => sum + r.memoryUsage, 0) / results.length;
        expect(row.runTime).toBeGreaterThan(0);
        expect(Math.abs(row.heapUse - heapUse) / heapUse).toBeLessThan(0.25);
      }
    }
  });
});

describe('demo games', () => {
  it('opens one Nim game and one CollabCode game on a demo problem, whose document starts as its signature', async () => {
    const carol = await signedInAs(world.deps, 'carol');
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
});

describe('seedDemoContent', () => {
  it('adds nothing when it runs again, and leaves no demo user signed in', async () => {
    const { db, deps } = await seededWorld();
    const counts = async () => {
      const byTable: Record<string, number> = {};
      for (const table of SCHEMA_TABLES) byTable[getTableName(table)] = await count(db, table);
      return byTable;
    };
    const before = await counts();
    expect(before).toMatchObject({ questions: DEMO_QUESTIONS.length, sessions: 0 });
    await seedDemoContent(deps, { onlyIfEmpty: false });
    await seedDemoContent(deps, { onlyIfEmpty: true });
    expect(await counts()).toEqual(before);
    expect(await count(db, sessions)).toBe(0);
    expect([await count(db, problems), await count(db, games)]).toEqual([DEMO_PROBLEMS.length, 2]);
  });

  // The single executable's demo is a SQLite file written ahead of time: SQLite only (rowid, raw ms).
  it.runIf(databaseKind === 'sqlite')(
    'moves a demo written ahead of time to now: every time it wrote by the same amount, lists in the same order',
    async () => {
      const { db, deps } = await seededWorld();
      const DAY = 24 * 60 * 60 * 1000;
      const times = () =>
        Object.fromEntries(
          (
            [
              schema.users,
              schema.questions,
              schema.answers,
              schema.comments,
              schema.globalMessages,
              schema.chatMessages,
              schema.problems,
              schema.submissions,
              schema.games,
            ] as Table[]
          ).map((table) => {
            const columns = timeColumns(table);
            const rows = db.all<Record<string, number | null>>(
              sql`select ${sql.join(columns, sql`, `)} from ${table} order by rowid`,
            );
            return [getTableName(table), rows.flatMap((row) => Object.values(row))];
          }),
        );
      const activeIds = async () =>
        (await visitor(deps).question.list({ order: 'active' })).items.map((q) => q.id);
      const before = times();
      const order = await activeIds();
      await moveDemoContent(db, 9 * DAY);
      const moved = Object.fromEntries(
        Object.entries(before).map(([name, values]) => [
          name,
          values.map((value) => (value === null ? null : value + 9 * DAY)),
        ]),
      );
      expect(Object.values(before).flat().length).toBeGreaterThan(50);
      expect(times()).toEqual(moved);
      expect(await activeIds()).toEqual(order);
      expect(await inconsistentQuestions(db)).toBe(0);
    },
  );
});
