import { problemTestCases, submissions } from '@app/db';
import {
  authMessages,
  CODE_MAX,
  problemMessages,
  TEST_CASES_MAX,
  TEST_CODE_MAX,
} from '@app/validators';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { expectError } from './messaging-fixtures';
import {
  ADD_SOLUTION,
  HIDDEN_TEST,
  MANY_RUNS,
  postProblem,
  problemCount,
  problemInput,
} from './problem-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

describe('problem.create', () => {
  it('runs the example solution on the server, then stores the problem and its tests in order', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const { problem, event } = await alice.api.problem.create(problemInput());
    expect(problem).toEqual({
      id: expect.any(Number),
      title: 'Add two numbers',
      text: 'Write add(a, b) that returns the sum of two numbers.',
      postedBy: 'alice',
      createdAt: clock.now(),
      upVoteCount: 0,
      downVoteCount: 0,
      voteScore: 0,
      difficulty: 'easy',
      topics: [],
      submitCount: 0,
      acceptedCount: 0,
    });
    expect(event.payload).toEqual({ type: 'created', problemId: problem.id, problem });
    const stored = await world.db
      .select()
      .from(problemTestCases)
      .orderBy(asc(problemTestCases.position));
    expect(stored.map((t) => [t.position, t.hidden])).toEqual([
      [0, false],
      [1, true],
      [2, false],
    ]);
    expect(stored[1]?.testCode).toBe(HIDDEN_TEST);

    const detail = await alice.api.problem.byId({ id: problem.id });
    expect(detail).toMatchObject({
      title: 'Add two numbers',
      problemText: 'Write add(a, b) that returns the sum of two numbers.',
      functionSignature: 'function add(a, b) {\n}',
      suggestedSolution: ADD_SOLUTION,
      postedBy: 'alice',
      createdAt: clock.now(),
    });
  });

  it('refuses a problem whose example solution fails a test, naming the test and its verdict', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await expectError(
      alice.api.problem.create(
        problemInput({ suggestedSolution: 'function add(a, b) { return a > 1000 ? 0 : a + b; }' }),
      ),
      'BAD_REQUEST',
      problemMessages.solutionFails(2, 'Wrong Answer'),
    );
    await expectError(
      alice.api.problem.create(problemInput({ suggestedSolution: 'function add(a, b) {' })),
      'BAD_REQUEST',
      problemMessages.solutionFails(1, 'Syntax Error'),
    );
    await expectError(
      alice.api.problem.create(
        problemInput({ suggestedSolution: 'function add() { throw new Error("no"); }' }),
      ),
      'BAD_REQUEST',
      problemMessages.solutionFails(1, 'Runtime Error'),
    );
    expect(await problemCount(world)).toBe(0);
    expect(await world.db.select().from(problemTestCases)).toEqual([]);
    expect(await world.deps.events.replay('problem', null, '0', 10)).toEqual([]);
  });

  it('refuses a test that does not compile as an assertion the solution passes', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await expectError(
      alice.api.problem.create(
        problemInput({ testCases: [{ testCode: 'assert(add(1, 2), 4)', hidden: false }] }),
      ),
      'BAD_REQUEST',
      problemMessages.solutionFails(1, 'Wrong Answer'),
    );
  });

  it('keeps code exactly as written, only making line breaks \\n', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const solution = '  // two spaces kept\r\nfunction add(a, b) {\r\n\treturn a + b;\r\n}\r\n';
    const { problem } = await alice.api.problem.create(
      problemInput({ suggestedSolution: solution }),
    );
    const detail = await alice.api.problem.byId({ id: problem.id });
    expect(detail.suggestedSolution).toBe(solution.replaceAll('\r\n', '\n'));
  });

  it('needs every field: title, description, signature, each test and the solution (SPEC §5)', async () => {
    const world = await createTestWorld({ limits: MANY_RUNS });
    const alice = await world.signedIn('alice');
    const missing = problemMessages.fieldsMissing;
    for (const blank of ['', '   ', '\n\t']) {
      await expectInvalid(alice.api.problem.create(problemInput({ title: blank })), missing);
      await expectInvalid(alice.api.problem.create(problemInput({ problemText: blank })), missing);
      await expectInvalid(
        alice.api.problem.create(problemInput({ functionSignature: blank })),
        missing,
      );
      await expectInvalid(
        alice.api.problem.create(problemInput({ suggestedSolution: blank })),
        missing,
      );
      await expectInvalid(
        alice.api.problem.create(
          problemInput({
            testCases: [
              { testCode: 'assert(add(1, 2), 3)', hidden: false },
              { testCode: blank, hidden: false },
            ],
          }),
        ),
        missing,
      );
    }
    expect(await problemCount(world)).toBe(0);
  });

  it('needs at least one test, at most the limit, each an assertion within its length', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await expectInvalid(
      alice.api.problem.create(problemInput({ testCases: [] })),
      problemMessages.noTests,
    );
    const test = { testCode: 'assert(add(1, 2), 3)', hidden: false };
    await expectInvalid(
      alice.api.problem.create(
        problemInput({ testCases: Array.from({ length: TEST_CASES_MAX + 1 }, () => test) }),
      ),
      problemMessages.tooManyTests,
    );
    await expectInvalid(
      alice.api.problem.create(
        problemInput({ testCases: [{ testCode: 'add(1, 2) === 3', hidden: false }] }),
      ),
      problemMessages.testForm,
    );
    await expectInvalid(
      alice.api.problem.create(
        problemInput({
          testCases: [
            { testCode: `assert(add(1, 2), ${'1'.repeat(TEST_CODE_MAX)})`, hidden: false },
          ],
        }),
      ),
      problemMessages.testTooLong,
    );
    await expectInvalid(
      alice.api.problem.create(
        problemInput({ suggestedSolution: `${ADD_SOLUTION}//${'x'.repeat(CODE_MAX)}` }),
      ),
      problemMessages.codeTooLong,
    );
    await expectInvalid(
      alice.api.problem.create(problemInput({ title: 'x'.repeat(101) })),
      problemMessages.titleTooLong,
    );
    expect(await problemCount(world)).toBe(0);
  });

  it('is for signed-in users only', async () => {
    const world = await createTestWorld();
    await expectError(
      world.client().api.problem.create(problemInput()),
      'UNAUTHORIZED',
      authMessages.notSignedIn,
    );
    expect(await problemCount(world)).toBe(0);
  });

  it('starts with no votes and no submissions', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const problem = await postProblem(alice);
    expect(await alice.api.problem.byId({ id: problem.id })).toMatchObject({
      upVotes: [],
      downVotes: [],
      myVote: 0,
      voteScore: 0,
      voteVersion: 0,
    });
    expect(await world.db.select().from(submissions)).toEqual([]);
    expect(await alice.api.submission.list({ problemId: problem.id })).toEqual([]);
  });
});

describe('problem.testSolution', () => {
  it("runs the author's code against the author's tests, hidden ones shown in full", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const results = await alice.api.problem.testSolution({
      code: 'function add(a, b) { console.log("adding", a, b); return a + b; }',
      testCases: problemInput().testCases,
    });
    expect(results.map((r) => [r.number, r.status, r.hidden, r.testCode])).toEqual([
      [1, 'OK', false, 'assert(add(1, 2), 3)'],
      [2, 'OK', true, HIDDEN_TEST],
      [3, 'OK', false, 'assert(add(-1, 1), 0)'],
    ]);
    expect(results[1]?.output).toContain('7310243');
    for (const result of results) {
      expect(result.errorMessage).toBe('');
      expect(result.cpuTime).toBeGreaterThanOrEqual(0);
      expect(result.memoryUsage).toBeGreaterThan(0);
    }
  });

  it('reports each failing test with its verdict and the reason', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const results = await alice.api.problem.testSolution({
      code: 'function add(a, b) { return a + b + (a > 0 ? 1 : 0); }',
      testCases: problemInput().testCases,
    });
    expect(results.map((r) => r.status)).toEqual(['Wrong Answer', 'Wrong Answer', 'OK']);
    expect(results[0]?.errorMessage).not.toBe('');
    expect(results[1]?.errorMessage).not.toBe(problemMessages.hiddenTestFailed);
    expect(await problemCount(world)).toBe(0);
  });

  it('checks its input like create does, and is for signed-in users', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await expectInvalid(
      alice.api.problem.testSolution({ code: ' ', testCases: problemInput().testCases }),
      problemMessages.fieldsMissing,
    );
    await expectInvalid(
      alice.api.problem.testSolution({ code: ADD_SOLUTION, testCases: [] }),
      problemMessages.noTests,
    );
    await expectInvalid(
      alice.api.problem.testSolution({
        code: ADD_SOLUTION,
        testCases: [{ testCode: '', hidden: false }],
      }),
      problemMessages.fieldsMissing,
    );
    await expectError(
      world.client().api.problem.testSolution({
        code: ADD_SOLUTION,
        testCases: problemInput().testCases,
      }),
      'UNAUTHORIZED',
      authMessages.notSignedIn,
    );
  });
});
