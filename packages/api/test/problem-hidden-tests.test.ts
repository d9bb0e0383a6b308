import { authMessages, problemMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { expectError } from './messaging-fixtures';
import {
  ADD_SOLUTION,
  HIDDEN_TEST,
  MANY_RUNS,
  leaks,
  postProblem,
  problemInput,
} from './problem-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

useClock();

async function setup() {
  const world = await createTestWorld({ limits: MANY_RUNS });
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const problem = await postProblem(alice);
  return { world, alice, bob, problem };
}

// A solution that shouts its arguments and fails big inputs with an error quoting them: the hidden
// test's numbers reach its output and its error message.
const LEAKY_SOLUTION = `function add(a, b) {
  console.log('args', a, b);
  if (a > 1000) throw new Error('too big: ' + a + ' + ' + b);
  return a + b;
}`;

describe('problem.byId', () => {
  it('shows everyone else the visible tests only, with their numbers, and how many are hidden', async () => {
    const { world, bob, problem } = await setup();
    for (const viewer of [bob, world.client()]) {
      const detail = await viewer.api.problem.byId({ id: problem.id });
      expect(detail.isAuthor).toBe(false);
      expect(detail.testCases).toEqual([
        { number: 1, testCode: 'assert(add(1, 2), 3)', hidden: false },
        { number: 3, testCode: 'assert(add(-1, 1), 0)', hidden: false },
      ]);
      expect(detail.hiddenTestCount).toBe(1);
      expect(leaks(detail)).toEqual([]);
    }
  });

  it("shows the problem's author every test, hidden ones marked", async () => {
    const { alice, problem } = await setup();
    const detail = await alice.api.problem.byId({ id: problem.id });
    expect(detail.isAuthor).toBe(true);
    expect(detail.testCases).toEqual([
      { number: 1, testCode: 'assert(add(1, 2), 3)', hidden: false },
      { number: 2, testCode: HIDDEN_TEST, hidden: true },
      { number: 3, testCode: 'assert(add(-1, 1), 0)', hidden: false },
    ]);
    expect(detail.hiddenTestCount).toBe(1);
  });

  it('a problem with no visible tests shows none, and says how many are hidden', async () => {
    const { world, alice, bob } = await setup();
    const problem = await postProblem(alice, {
      testCases: [{ testCode: HIDDEN_TEST, hidden: true }],
    });
    const detail = await bob.api.problem.byId({ id: problem.id });
    expect(detail).toMatchObject({ testCases: [], hiddenTestCount: 1 });
    expect(leaks(await world.client().api.problem.byId({ id: problem.id }))).toEqual([]);
  });

  it("answers 'Problem not found' for an unknown id, and refuses a malformed one", async () => {
    const { bob } = await setup();
    await expectError(
      bob.api.problem.byId({ id: 999 }),
      'NOT_FOUND',
      problemMessages.problemNotFound,
    );
    await expectInvalid(bob.api.problem.byId({ id: 0 }), problemMessages.invalidProblemId);
    await expectInvalid(bob.api.problem.byId({ id: 1.5 }), problemMessages.invalidProblemId);
  });
});

describe('problem.runTests', () => {
  it('runs every test, hidden ones too, in order; all pass for a right solution', async () => {
    const { bob, problem } = await setup();
    const results = await bob.api.problem.runTests({ problemId: problem.id, code: ADD_SOLUTION });
    expect(results.map((r) => [r.number, r.hidden, r.status])).toEqual([
      [1, false, 'OK'],
      [2, true, 'OK'],
      [3, false, 'OK'],
    ]);
    expect(results[1]).toMatchObject({
      testCode: null,
      output: null,
      errorMessage: '',
      cpuTime: null,
      memoryUsage: null,
    });
    expect(results[0]).toMatchObject({ testCode: 'assert(add(1, 2), 3)', errorMessage: '' });
    for (const result of [results[0], results[2]]) {
      expect(result?.cpuTime).toBeGreaterThanOrEqual(0);
      expect(result?.memoryUsage).toBeGreaterThan(0);
    }
  });

  it("tells a failing hidden test's number and verdict, never its code, output, error details or figures", async () => {
    const { bob, problem } = await setup();
    const results = await bob.api.problem.runTests({ problemId: problem.id, code: LEAKY_SOLUTION });
    expect(results[1]).toEqual({
      number: 2,
      hidden: true,
      testCode: null,
      status: 'Runtime Error',
      cpuTime: null,
      memoryUsage: null,
      errorMessage: problemMessages.hiddenTestFailed,
      output: null,
    });
    // The visible tests keep everything: their code, what the code printed, and why they failed.
    expect(results[0]).toMatchObject({ status: 'OK', testCode: 'assert(add(1, 2), 3)' });
    expect(results[0]?.output).toContain('args 1 2');
    expect(leaks(results)).toEqual([]);

    const wrong = await bob.api.problem.runTests({
      problemId: problem.id,
      code: 'function add(a, b) { return a > 1000 ? -1 : a + b; }',
    });
    expect(wrong[1]).toMatchObject({
      status: 'Wrong Answer',
      errorMessage: problemMessages.hiddenTestFailed,
    });
    expect(leaks(wrong)).toEqual([]);
  });

  it('a visible failing test shows its reason', async () => {
    const { bob, problem } = await setup();
    const results = await bob.api.problem.runTests({
      problemId: problem.id,
      code: 'function add(a, b) { return a * b; }',
    });
    expect(results.map((r) => r.status)).toEqual(['Wrong Answer', 'Wrong Answer', 'Wrong Answer']);
    expect(results[0]?.errorMessage).not.toBe('');
    expect(results[0]?.errorMessage).not.toBe(problemMessages.hiddenTestFailed);
  });

  it("shows the problem's author their own hidden test's result in full", async () => {
    const { alice, problem } = await setup();
    const results = await alice.api.problem.runTests({
      problemId: problem.id,
      code: LEAKY_SOLUTION,
    });
    expect(results[1]).toMatchObject({
      hidden: true,
      testCode: HIDDEN_TEST,
      status: 'Runtime Error',
    });
    expect(results[1]?.errorMessage).toContain('too big');
    expect(results[1]?.output).toContain('7310243');
  });

  it("answers 'Error: Missing problem ID or code' without either, and NOT_FOUND for no such problem", async () => {
    const { bob, problem } = await setup();
    await expectInvalid(
      bob.api.problem.runTests({ problemId: problem.id, code: '  ' }),
      problemMessages.missingIdOrCode,
    );
    await expectInvalid(
      bob.api.problem.runTests({ problemId: problem.id } as never),
      problemMessages.missingIdOrCode,
    );
    await expectInvalid(
      bob.api.problem.runTests({ code: ADD_SOLUTION } as never),
      problemMessages.missingIdOrCode,
    );
    await expectError(
      bob.api.problem.runTests({ problemId: 999, code: ADD_SOLUTION }),
      'NOT_FOUND',
      problemMessages.problemNotFound,
    );
  });

  it('is for signed-in users only', async () => {
    const { world, problem } = await setup();
    await expectError(
      world.client().api.problem.runTests({ problemId: problem.id, code: ADD_SOLUTION }),
      'UNAUTHORIZED',
      authMessages.notSignedIn,
    );
  });
});

/**
 * The attack on figures: the solution keeps memory in proportion to its arguments and answers a
 * fixed value, so each hidden test's memory would spell out its input.
 */
const MEASURING_SOLUTION = `function add(a, b) {
  globalThis.kept = new ArrayBuffer(1024 * (128 * (Math.abs(a) % 97) + (Math.abs(b) % 89)));
  return 0;
}`;

describe('the figures of a run', () => {
  it("tell a non-author nothing of a hidden test's input: two different hidden tests answer the same", async () => {
    const { alice, bob } = await setup();
    const twins = await Promise.all(
      ['assert(add(7310243, 5501887), 12812130)', 'assert(add(41, 59), 100)'].map((hidden) =>
        postProblem(alice, {
          testCases: [
            { testCode: 'assert(add(1, 2), 3)', hidden: false },
            { testCode: hidden, hidden: true },
          ],
        }),
      ),
    );
    // The attack works on exact figures: the author's own runs tell the two inputs apart.
    const own = await Promise.all(
      twins.map((problem) =>
        alice.api.problem.runTests({ problemId: problem.id, code: MEASURING_SOLUTION }),
      ),
    );
    expect(own[0]?.[1]?.memoryUsage).not.toBe(own[1]?.[1]?.memoryUsage);

    const seen = await Promise.all(
      twins.map((problem) =>
        bob.api.problem.runTests({ problemId: problem.id, code: MEASURING_SOLUTION }),
      ),
    );
    for (const results of seen) {
      expect(results[1]).toEqual({
        number: 2,
        hidden: true,
        testCode: null,
        status: 'Wrong Answer',
        cpuTime: null,
        memoryUsage: null,
        errorMessage: problemMessages.hiddenTestFailed,
        output: null,
      });
    }
    // Everything but the visible test's run time (which varies from run to run) is the same.
    const withoutTime = (results: (typeof seen)[number]) =>
      results.map((result) => ({ ...result, cpuTime: result.hidden ? result.cpuTime : 0 }));
    expect(withoutTime(seen[0]!)).toEqual(withoutTime(seen[1]!));
  });

  it("shows a non-author the visible tests' figures rounded up to 1 ms and 64 KB, the author's exact", async () => {
    const { alice, bob, problem } = await setup();
    const rounded = await bob.api.problem.runTests({ problemId: problem.id, code: ADD_SOLUTION });
    for (const result of [rounded[0], rounded[2]]) {
      expect((result?.cpuTime ?? 0) % 1_000_000).toBe(0);
      expect(result?.cpuTime).toBeGreaterThan(0);
      expect((result?.memoryUsage ?? 0) % (64 * 1024)).toBe(0);
      expect(result?.memoryUsage).toBeGreaterThan(0);
    }
    const exact = await alice.api.problem.runTests({ problemId: problem.id, code: ADD_SOLUTION });
    expect(exact.every((result) => (result.memoryUsage ?? 0) % (64 * 1024) !== 0)).toBe(true);
    expect(exact[1]?.cpuTime).toBeGreaterThan(0);
  });
});

describe('hidden tests reach nobody but their author', () => {
  it('not through the list, any event, the leaderboard or a submission', async () => {
    const { world, alice, bob, problem } = await setup();
    const list = await bob.api.problem.list();
    const voted = await bob.api.problem.vote({ id: problem.id, vote: 'up' });
    const { submission, event } = await bob.api.submission.create({
      problemId: problem.id,
      code: ADD_SOLUTION,
    });
    const stored = await world.deps.events.replay('problem', null, '0', 100);
    const board = await bob.api.submission.list({ problemId: problem.id });
    const view = await bob.api.submission.byId({ id: submission.id });
    const second = await postProblem(alice, problemInput({ title: 'Another' }));
    expect(
      leaks([list, voted, event, stored, board, view, second, await bob.api.problem.list()]),
    ).toEqual([]);
  });
});
