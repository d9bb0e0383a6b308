import type { TestResult } from '@app/sandbox';
import { submissions } from '@app/db';
import { authMessages, problemMessages } from '@app/validators';
import { describe, expect, it, vi } from 'vitest';
import { createTestWorld } from './helpers';
import { expectError } from './messaging-fixtures';
import { ADD_SOLUTION, insertSubmission, leaks, MANY_RUNS, postProblem } from './problem-fixtures';
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

const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);

describe('submission.create', () => {
  it('re-runs every test on the server and stores the means it measured, never figures from the client', async () => {
    const { world, bob, problem } = await setup();
    // Watch what the real sandbox answers for this submission (a spy: the sandbox still runs it).
    const runs: { tests: readonly string[]; results: TestResult[] }[] = [];
    const runTests = world.deps.sandbox.runTests.bind(world.deps.sandbox);
    const spy = vi
      .spyOn(world.deps.sandbox, 'runTests')
      .mockImplementation(async (code, tests, limits) => {
        const results = await runTests(code, tests, limits);
        runs.push({ tests, results });
        return results;
      });
    const code = `${ADD_SOLUTION}\n// done`;
    const { submission, event } = await bob.api.submission.create({
      problemId: problem.id,
      code,
      runTime: 1,
      heapUse: 1,
    } as never);
    spy.mockRestore();

    expect(runs).toHaveLength(1);
    expect(runs[0]?.tests).toHaveLength(3); // the hidden test too
    const results = runs[0]!.results;
    expect(submission).toEqual({
      id: expect.any(Number),
      problemId: problem.id,
      submissionBy: 'bob',
      createdAt: clock.now(),
      lineCount: 4,
      codeLength: code.length,
      runTime: mean(results.map((r) => r.cpuTime)),
      heapUse: mean(results.map((r) => r.memoryUsage)),
    });
    expect(submission.heapUse).toBeGreaterThan(1);
    expect(event.payload).toEqual({
      type: 'submitted',
      problemId: problem.id,
      submission,
      submitCount: 1,
      acceptedCount: 1,
    });
    const stored = await world.db.select().from(submissions);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      submissionCode: code,
      runTime: submission.runTime,
      heapUse: submission.heapUse,
    });
  });

  // The endless program below runs for 2 s of CPU time: longer on the wall clock of a busy machine.
  it(
    "refuses a solution that fails any test, a hidden one too: 'Cannot submit: Not all tests are passing'",
    { timeout: 30_000 },
    async () => {
      const { world, bob, problem } = await setup();
      await expectError(
        bob.api.submission.create({
          problemId: problem.id,
          code: 'function add(a, b) { return a * b; }',
        }),
        'BAD_REQUEST',
        problemMessages.notAllPassing,
      );
      // Passes both visible tests; fails only the hidden one.
      await expectError(
        bob.api.submission.create({
          problemId: problem.id,
          code: 'function add(a, b) { return a > 1000 ? 0 : a + b; }',
        }),
        'BAD_REQUEST',
        problemMessages.notAllPassing,
      );
      // One test: a program that never ends runs into the deadline once, not once per test.
      const single = await postProblem(bob, {
        testCases: [{ testCode: 'assert(add(1, 2), 3)', hidden: true }],
      });
      await expectError(
        bob.api.submission.create({
          problemId: single.id,
          code: 'function add() { while (true) {} }',
        }),
        'BAD_REQUEST',
        problemMessages.notAllPassing,
      );
      expect(await world.db.select().from(submissions)).toEqual([]);
      const events = await world.deps.events.replay('problem', null, '0', 10);
      expect(events.map((e) => e.payload.type)).toEqual(['created', 'created']);
    },
  );

  it("answers 'Error: Missing required information' without problem or code, NOT_FOUND for no such problem", async () => {
    const { bob, problem } = await setup();
    await expectInvalid(
      bob.api.submission.create({ problemId: problem.id, code: '' }),
      problemMessages.missingInfo,
    );
    await expectInvalid(
      bob.api.submission.create({ code: ADD_SOLUTION } as never),
      problemMessages.missingInfo,
    );
    await expectError(
      bob.api.submission.create({ problemId: 999, code: ADD_SOLUTION }),
      'NOT_FOUND',
      problemMessages.problemNotFound,
    );
  });

  it('is for signed-in users only', async () => {
    const { world, problem } = await setup();
    await expectError(
      world.client().api.submission.create({ problemId: problem.id, code: ADD_SOLUTION }),
      'UNAUTHORIZED',
      authMessages.notSignedIn,
    );
  });

  it('announces the leaderboard row on the problem, the very event the reply carries', async () => {
    const { world, bob, problem, alice } = await setup();
    const other = await postProblem(alice, { title: 'Other' });
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher'))
        .listen(live.signal)
        .problem.onProblemUpdated({ id: problem.id }),
    );
    await bob.api.submission.create({ problemId: other.id, code: ADD_SOLUTION });
    const { event } = await bob.api.submission.create({
      problemId: problem.id,
      code: ADD_SOLUTION,
    });
    expect(await events.next()).toEqual({ id: event.id, data: event.payload });
    live.abort();
  });
});

describe('submission.list (the leaderboard)', () => {
  async function board() {
    const { world, alice, bob, carol, problem } = await setup();
    const t = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 0, minutes));
    const ids = {
      short: await insertSubmission(world, {
        problemId: problem.id,
        by: 'alice',
        code: 'const add = (a, b) => a + b;',
        runTime: 3_000_000,
        heapUse: 40_000,
        createdAt: t(1),
      }),
      long: await insertSubmission(world, {
        problemId: problem.id,
        by: 'bob',
        code: 'function add(a, b) {\n  const sum = a + b;\n  return sum;\n}',
        runTime: 1_000_000,
        heapUse: 50_000,
        createdAt: t(2),
      }),
      middle: await insertSubmission(world, {
        problemId: problem.id,
        by: 'carol',
        code: 'function add(a, b) {\n  return a + b;\n}',
        runTime: 2_000_000,
        heapUse: 30_000,
        createdAt: t(3),
      }),
    };
    return { world, alice, bob, carol, problem, ids };
  }

  it('lists newest first by default, with submitter, date, line count and figures', async () => {
    const { bob, problem, ids } = await board();
    const rows = await bob.api.submission.list({ problemId: problem.id });
    expect(rows.map((r) => r.id)).toEqual([ids.middle, ids.long, ids.short]);
    expect(rows[0]).toEqual({
      id: ids.middle,
      problemId: problem.id,
      submissionBy: 'carol',
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 3)),
      lineCount: 3,
      codeLength: 'function add(a, b) {\n  return a + b;\n}'.length,
      runTime: 2_000_000,
      heapUse: 30_000,
    });
  });

  it('sorts by date, code length, run time or heap use, either way', async () => {
    const { bob, problem, ids } = await board();
    const order = async (
      sort: 'date' | 'codeLength' | 'runTime' | 'heapUse',
      direction: 'asc' | 'desc',
    ) =>
      (await bob.api.submission.list({ problemId: problem.id, sort, direction })).map((r) => r.id);
    expect(await order('date', 'asc')).toEqual([ids.short, ids.long, ids.middle]);
    expect(await order('codeLength', 'asc')).toEqual([ids.short, ids.middle, ids.long]);
    expect(await order('codeLength', 'desc')).toEqual([ids.long, ids.middle, ids.short]);
    expect(await order('runTime', 'asc')).toEqual([ids.long, ids.middle, ids.short]);
    expect(await order('runTime', 'desc')).toEqual([ids.short, ids.middle, ids.long]);
    expect(await order('heapUse', 'asc')).toEqual([ids.middle, ids.short, ids.long]);
    expect(await order('heapUse', 'desc')).toEqual([ids.long, ids.short, ids.middle]);
  });

  it("holds one problem's submissions only, at most `limit` of them; ties by id", async () => {
    const { world, alice, bob, problem, ids } = await board();
    const other = await postProblem(alice, { title: 'Other' });
    await insertSubmission(world, {
      problemId: other.id,
      by: 'bob',
      code: 'x',
      runTime: 1,
      heapUse: 1,
      createdAt: new Date(Date.UTC(2025, 0, 2)),
    });
    const rows = await bob.api.submission.list({ problemId: problem.id, limit: 2 });
    expect(rows.map((r) => r.id)).toEqual([ids.middle, ids.long]);
    const tied = await insertSubmission(world, {
      problemId: problem.id,
      by: 'bob',
      code: 'tied',
      runTime: 1_000_000,
      heapUse: 1,
      createdAt: new Date(Date.UTC(2025, 0, 2)),
    });
    const byRunTime = await bob.api.submission.list({
      problemId: problem.id,
      sort: 'runTime',
      direction: 'asc',
    });
    expect(byRunTime.map((r) => r.id).slice(0, 2)).toEqual([ids.long, tied]);
  });

  it('is public, and answers NOT_FOUND for no such problem', async () => {
    const { world, problem } = await board();
    expect(await world.client().api.submission.list({ problemId: problem.id })).toHaveLength(3);
    await expectError(
      world.client().api.submission.list({ problemId: 999 }),
      'NOT_FOUND',
      problemMessages.problemNotFound,
    );
  });
});

describe('submission.byId', () => {
  it('gives the code, its figures and the problem, never its tests', async () => {
    const { world, bob, problem } = await setup();
    const code = `${ADD_SOLUTION}\n`;
    const { submission } = await bob.api.submission.create({ problemId: problem.id, code });
    const view = await world.client().api.submission.byId({ id: submission.id });
    expect(view).toEqual({
      ...submission,
      submissionCode: code,
      problem: {
        id: problem.id,
        title: 'Add two numbers',
        problemText: 'Write add(a, b) that returns the sum of two numbers.',
        functionSignature: 'function add(a, b) {\n}',
      },
    });
    expect(leaks(view)).toEqual([]);
  });

  it("answers 'Submission not found' for an unknown id", async () => {
    const { bob } = await setup();
    await expectError(
      bob.api.submission.byId({ id: 999 }),
      'NOT_FOUND',
      problemMessages.submissionNotFound,
    );
    await expectInvalid(bob.api.submission.byId({ id: -1 }), problemMessages.invalidSubmissionId);
  });
});
