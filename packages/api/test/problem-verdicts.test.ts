import { problems } from '@app/db';
import { problemMessages, SOLVED_IDS_MAX } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { expectError } from './messaging-fixtures';
import { ADD_SOLUTION, insertSubmission, MANY_RUNS, postProblem } from './problem-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

async function setup() {
  const world = await createTestWorld({ limits: MANY_RUNS });
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const carol = await world.signedIn('carol');
  const problem = await postProblem(alice);
  return { world, alice, bob, carol, problem };
}

const WRONG = 'function add(a, b) {\n  return a - b;\n}';

describe('acceptance counts (issue 24: submissions and acceptance rate on the list)', () => {
  it('counts every submit that ran: a refused one as an attempt, an accepted one as both', async () => {
    const { bob, carol, problem } = await setup();
    await expectError(
      bob.api.submission.create({ problemId: problem.id, code: WRONG }),
      'BAD_REQUEST',
      problemMessages.notAllPassing,
    );
    await bob.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION });
    await carol.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION });
    const page = await bob.api.problem.list({});
    expect(page.items[0]).toMatchObject({ id: problem.id, submitCount: 3, acceptedCount: 2 });
    expect(await bob.api.problem.byId({ id: problem.id })).toMatchObject({
      submitCount: 3,
      acceptedCount: 2,
    });
  });

  it('does not count Run Tests as a submit', async () => {
    const { bob, problem } = await setup();
    await bob.api.problem.runTests({ problemId: problem.id, code: WRONG });
    expect((await bob.api.problem.list({})).items[0]).toMatchObject({
      submitCount: 0,
      acceptedCount: 0,
    });
  });
});

describe('problem.solvedAmong (the list’s Solved marks, per viewer)', () => {
  it('names the problems on screen the viewer has an accepted submission of', async () => {
    const { alice, bob, problem } = await setup();
    const other = await postProblem(alice, { title: 'Add again' });
    await bob.api.submission.create({ problemId: other.id, code: ADD_SOLUTION });
    await expectError(
      bob.api.submission.create({ problemId: problem.id, code: WRONG }),
      'BAD_REQUEST',
      problemMessages.notAllPassing,
    );
    expect(await bob.api.problem.solvedAmong({ ids: [problem.id, other.id] })).toEqual([other.id]);
    expect(await alice.api.problem.solvedAmong({ ids: [problem.id, other.id] })).toEqual([]);
  });

  it('is not part of the shared list, which is the same for everyone', async () => {
    const { world, bob, problem } = await setup();
    await bob.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION });
    expect(await bob.api.problem.list({})).toEqual(await world.client().api.problem.list({}));
  });

  it('asks about a page of ids at most, and only for a signed-in viewer', async () => {
    const { world, bob } = await setup();
    const ids = Array.from({ length: SOLVED_IDS_MAX + 1 }, (_, i) => i + 1);
    await expect(bob.api.problem.solvedAmong({ ids })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(world.client().api.problem.solvedAmong({ ids: [1] })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('submission.mine (the problem page shows "Solved" and the user’s own submissions)', () => {
  it('lists the viewer’s own submissions to the problem, newest first, nobody else’s', async () => {
    const { bob, carol, problem } = await setup();
    const first = (await bob.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION }))
      .submission;
    clock.tick();
    const second = (
      await bob.api.submission.create({ problemId: problem.id, code: `${ADD_SOLUTION}\n` })
    ).submission;
    await carol.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION });
    expect((await bob.api.submission.mine({ problemId: problem.id })).map((s) => s.id)).toEqual([
      second.id,
      first.id,
    ]);
  });
});

describe('a submission’s standing (the verdict panel’s percentiles)', () => {
  it('tells the share of the other submissions that ran slower and used more heap', async () => {
    const { world, bob, problem } = await setup();
    // Four others with chosen figures: the new one is measured by the sandbox (a fraction of a ms,
    // a few hundred KB), so two run far slower and two far faster; one uses far more heap.
    // 3 s in nanoseconds is past a 32-bit integer: PostgreSQL keeps run times as bigint.
    const at = clock.now();
    for (const [runTime, heapUse] of [
      [3_000_000_000, 1],
      [1_900_000_000, 1],
      [1, 1],
      [2, 900_000_000],
    ] as const) {
      await insertSubmission(world, {
        problemId: problem.id,
        by: 'carol',
        code: 'x',
        runTime,
        heapUse,
        createdAt: at,
      });
    }
    const { standing } = await bob.api.submission.create({
      problemId: problem.id,
      code: ADD_SOLUTION,
    });
    expect(standing).toEqual({ others: 4, fasterThan: 50, lessMemoryThan: 25 });
  });

  it('beats everything when it is the first submission', async () => {
    const { bob, problem } = await setup();
    const { standing } = await bob.api.submission.create({
      problemId: problem.id,
      code: ADD_SOLUTION,
    });
    expect(standing).toEqual({ others: 0, fasterThan: 100, lessMemoryThan: 100 });
  });
});

describe('difficulty and topics (chosen on Create Problem, filtered in the list)', () => {
  it('keeps the difficulty and topics the author chose, lower-cased and without repeats', async () => {
    const { alice } = await setup();
    const created = await postProblem(alice, {
      difficulty: 'hard',
      topics: ['Math', 'math', 'two-pointers'],
    });
    expect(created).toMatchObject({ difficulty: 'hard', topics: ['math', 'two-pointers'] });
    expect(await alice.api.problem.byId({ id: created.id })).toMatchObject({
      difficulty: 'hard',
      topics: ['math', 'two-pointers'],
    });
  });

  it('makes a problem posted without them Easy with no topics (the original client posts none)', async () => {
    const { alice, problem } = await setup();
    expect(await alice.api.problem.byId({ id: problem.id })).toMatchObject({
      difficulty: 'easy',
      topics: [],
    });
  });

  it('refuses an unknown difficulty, a topic that is not a short slug, and more than five topics', async () => {
    const { alice } = await setup();
    await expectInvalid(
      postProblem(alice, { difficulty: 'extreme' as never }),
      problemMessages.invalidDifficulty,
    );
    await expectInvalid(
      postProblem(alice, { topics: ['two words'] }),
      problemMessages.invalidTopic,
    );
    await expectInvalid(
      postProblem(alice, { topics: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      problemMessages.tooManyTopics,
    );
  });

  it('filters the list by difficulty and by topic, with the total counting only the matches', async () => {
    const { alice, problem } = await setup();
    const medium = await postProblem(alice, {
      title: 'Medium sum',
      difficulty: 'medium',
      topics: ['math'],
    });
    const hard = await postProblem(alice, {
      title: 'Hard sum',
      difficulty: 'hard',
      topics: ['math', 'graphs'],
    });
    await postProblem(alice, { title: 'Mathematics is not math', topics: ['mathematics'] });
    const ids = async (input: object) => {
      const page = await alice.api.problem.list(input);
      return { ids: page.items.map((item) => item.id), total: page.total };
    };
    expect(await ids({ difficulty: 'hard' })).toEqual({ ids: [hard.id], total: 1 });
    expect(
      await ids({ difficulty: 'easy', sort: 'date', direction: 'asc', limit: 1 }),
    ).toMatchObject({
      ids: [problem.id],
      total: 2,
    });
    expect(await ids({ topic: 'math' })).toEqual({ ids: [hard.id, medium.id], total: 2 });
    expect(await ids({ topic: 'graphs', difficulty: 'medium' })).toEqual({ ids: [], total: 0 });
    expect(await ids({ topic: 'math', search: 'medium' })).toEqual({ ids: [medium.id], total: 1 });
  });

  it('pages through a filtered list with its cursor', async () => {
    const { alice } = await setup();
    const made = [];
    for (let i = 0; i < 3; i++) {
      clock.tick();
      made.push(await postProblem(alice, { title: `Hard ${i}`, difficulty: 'hard' }));
    }
    const first = await alice.api.problem.list({ difficulty: 'hard', limit: 2 });
    const second = await alice.api.problem.list({
      difficulty: 'hard',
      limit: 2,
      cursor: first.nextCursor,
    });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
      made.map((p) => p.id).reverse(),
    );
    expect(second.nextCursor).toBeNull();
  });

  it('leaves old problems Easy after the migration (the column’s default)', async () => {
    const { world, problem } = await setup();
    const [row] = await world.db
      .select({ difficulty: problems.difficulty, topics: problems.topics })
      .from(problems)
      .where(eq(problems.id, problem.id));
    expect(row).toEqual({ difficulty: 'easy', topics: '' });
  });
});
