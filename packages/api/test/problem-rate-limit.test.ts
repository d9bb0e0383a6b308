import { createSandbox } from '@app/sandbox';
import { problemMessages } from '@app/validators';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src';
import { createTestWorld } from './helpers';
import { expectError } from './messaging-fixtures';
import { ADD_SOLUTION, postProblem, problemInput } from './problem-fixtures';
import { useClock } from './question-fixtures';

const clock = useClock();

describe('running code is rate-limited per user', () => {
  it('allows 20 runs in 10 seconds by default', () => {
    expect(DEFAULT_RATE_LIMITS.testRuns).toEqual({ max: 20, windowMs: 10_000 });
  });

  it('counts Test Solution, Run Tests, create and submit together; refuses past the limit with the slow-down sentence', async () => {
    const world = await createTestWorld({ limits: { testRuns: { max: 4, windowMs: 10_000 } } });
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const problem = await postProblem(alice); // alice: 1
    const input = { code: ADD_SOLUTION, testCases: problemInput().testCases };
    await alice.api.problem.testSolution(input); // 2
    await alice.api.problem.runTests({ problemId: problem.id, code: ADD_SOLUTION }); // 3
    await alice.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION }); // 4
    const slow = problemMessages.slowDown;
    await expectError(alice.api.problem.testSolution(input), 'TOO_MANY_REQUESTS', slow);
    await expectError(
      alice.api.problem.runTests({ problemId: problem.id, code: ADD_SOLUTION }),
      'TOO_MANY_REQUESTS',
      slow,
    );
    await expectError(
      alice.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION }),
      'TOO_MANY_REQUESTS',
      slow,
    );
    await expectError(alice.api.problem.create(problemInput()), 'TOO_MANY_REQUESTS', slow);
    expect((await alice.api.submission.list({ problemId: problem.id })).length).toBe(1);

    // Each user has their own count, and the window passes.
    await expect(bob.api.problem.testSolution(input)).resolves.toHaveLength(3);
    clock.tick(10_000);
    await expect(alice.api.problem.testSolution(input)).resolves.toHaveLength(3);
  });

  it('counts a run whose tests fail: the sandbox did the work', async () => {
    const world = await createTestWorld({ limits: { testRuns: { max: 1, windowMs: 10_000 } } });
    const alice = await world.signedIn('alice');
    const failing = { code: 'function add() { return 0; }', testCases: problemInput().testCases };
    expect((await alice.api.problem.testSolution(failing)).map((r) => r.status)).toContain(
      'Wrong Answer',
    );
    await expectError(
      alice.api.problem.testSolution(failing),
      'TOO_MANY_REQUESTS',
      problemMessages.slowDown,
    );
  });

  it('a full sandbox queue is TOO_MANY_REQUESTS with its sentence, and the refused run is handed back', async () => {
    // One worker and room for one waiting run: while the worker spins on one program and another
    // waits, the next run is refused at once.
    const sandbox = createSandbox({ workers: 1, queueLimit: 1, limits: { timeMs: 300 } });
    try {
      const world = await createTestWorld({
        sandbox,
        limits: { testRuns: { max: 2, windowMs: 10_000 } },
      });
      const alice = await world.signedIn('alice');
      const bob = await world.signedIn('bob');
      const carol = await world.signedIn('carol');
      const tests = [{ testCode: 'assert(add(1, 2), 3)', hidden: false }];
      await carol.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests }); // worker up
      // A run reaches the sandbox once its allowance is counted, which a database that answers
      // later (PostgreSQL) does in no set order: each run is sent once the one before is in.
      const entered = vi.spyOn(sandbox, 'runTests');
      const spinning = alice.api.problem.testSolution({
        code: 'function add() { while (true) {} }',
        testCases: tests,
      });
      await expect.poll(() => entered.mock.calls.length, { interval: 5 }).toBe(1);
      const waiting = carol.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests });
      await expect.poll(() => entered.mock.calls.length, { interval: 5 }).toBe(2);
      await expectError(
        bob.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests }),
        'TOO_MANY_REQUESTS',
        problemMessages.busy,
      );
      expect((await spinning).map((r) => r.status)).toEqual(['Time Limit Exceeded']);
      expect((await waiting).map((r) => r.status)).toEqual(['OK']);
      // Bob's refused run did not count: two runs are still his.
      await bob.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests });
      await bob.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests });
      await expectError(
        bob.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests }),
        'TOO_MANY_REQUESTS',
        problemMessages.slowDown,
      );
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a third run in flight by one user with a sentence, hands it back, and holds no one else back', async () => {
    // Each endless run holds the one worker for 1.5 s of its CPU time: bob's run, sent right after
    // alice's two, reaches the queue while her first one runs even on a loaded machine.
    const sandbox = createSandbox({ workers: 1, limits: { timeMs: 1500 } });
    try {
      const world = await createTestWorld({
        sandbox,
        limits: { testRuns: { max: 3, windowMs: 10_000 } },
      });
      const alice = await world.signedIn('alice');
      const bob = await world.signedIn('bob');
      const tests = [{ testCode: 'assert(add(1, 2), 3)', hidden: false }];
      const spin = { code: 'function add() { while (true) {} }', testCases: tests };
      const entered = vi.spyOn(sandbox, 'runTests');
      // Bob's run is taken in turn with alice's, not after both of them.
      const order: string[] = [];
      const first = alice.api.problem.testSolution(spin).then(() => order.push('alice 1'));
      const second = alice.api.problem.testSolution(spin).then(() => order.push('alice 2'));
      const bobs = bob.api.problem
        .testSolution({ code: ADD_SOLUTION, testCases: tests })
        .then(() => order.push('bob'));
      // A run reaches the sandbox once its allowance is counted, which a database that answers
      // later (PostgreSQL) does in no set order: alice's third is sent once all three are in.
      await expect.poll(() => entered.mock.calls.length).toBe(3);
      await expectError(
        alice.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests }),
        'TOO_MANY_REQUESTS',
        problemMessages.tooManyRuns(2),
      );
      expect(problemMessages.tooManyRuns(2)).toBe(
        'You already have 2 runs in progress. Wait for one to finish, then try again.',
      );
      await Promise.all([first, second, bobs]);
      expect(order).toHaveLength(3);
      expect(order.at(-1)).not.toBe('bob');
      // The refused run was handed back: the third of alice's three runs is still hers.
      await alice.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests });
      await expectError(
        alice.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests }),
        'TOO_MANY_REQUESTS',
        problemMessages.slowDown,
      );
    } finally {
      await sandbox.close();
    }
  });

  it('gives up a run when its request ends: the caller is told, and the place is free again', async () => {
    const sandbox = createSandbox({ workers: 1, limits: { timeMs: 300 } });
    try {
      const world = await createTestWorld({ sandbox });
      const alice = await world.signedIn('alice');
      const bob = await world.signedIn('bob');
      const tests = [{ testCode: 'assert(add(1, 2), 3)', hidden: false }];
      const spinning = alice.api.problem.testSolution({
        code: 'function add() { while (true) {} }',
        testCases: tests,
      });
      const request = new AbortController();
      const waiting = bob
        .listen(request.signal)
        .problem.testSolution({ code: ADD_SOLUTION, testCases: tests });
      request.abort();
      await expectError(waiting, 'CLIENT_CLOSED_REQUEST', problemMessages.runCancelled);
      // Both of bob's places are free again.
      const again = [1, 2].map(() =>
        bob.api.problem.testSolution({ code: ADD_SOLUTION, testCases: tests }),
      );
      for (const run of again) expect((await run).map((r) => r.status)).toEqual(['OK']);
      expect((await spinning).map((r) => r.status)).toEqual(['Time Limit Exceeded']);
    } finally {
      await sandbox.close();
    }
  });
});
