import { firstRow, problems, returnedRow, submissions, users } from '@app/db';
import type { CreateProblemInput } from '@app/validators';
import { eq } from 'drizzle-orm';
import type { TestClient, TestWorld } from './helpers';

/** A limit no test reaches by accident, for tests that run code many times. */
export const MANY_RUNS = { testRuns: { max: 10_000, windowMs: 10_000 } };

/**
 * A hidden test whose numbers appear nowhere else: if any of them shows up in a reply or an event
 * meant for someone other than the author, the hidden test leaked.
 */
export const HIDDEN_TEST = 'assert(add(7310243, 5501887), 12812130)';
export const HIDDEN_MARKERS = ['7310243', '5501887', '12812130'];

export const ADD_SOLUTION = 'function add(a, b) {\n  return a + b;\n}';

/** Two visible tests around one hidden one: the hidden test is test 2. */
export function problemInput(overrides: Partial<CreateProblemInput> = {}): CreateProblemInput {
  return {
    title: 'Add two numbers',
    problemText: 'Write add(a, b) that returns the sum of two numbers.',
    functionSignature: 'function add(a, b) {\n}',
    testCases: [
      { testCode: 'assert(add(1, 2), 3)', hidden: false },
      { testCode: HIDDEN_TEST, hidden: true },
      { testCode: 'assert(add(-1, 1), 0)', hidden: false },
    ],
    suggestedSolution: ADD_SOLUTION,
    ...overrides,
  };
}

/** Posts a problem as the client's user; the card the create call answered. */
export async function postProblem(client: TestClient, overrides: Partial<CreateProblemInput> = {}) {
  return (await client.api.problem.create(problemInput(overrides))).problem;
}

/** Everything that could carry a hidden test, serialized, so a test can look for its markers. */
export const leaks = (value: unknown): string[] => {
  const text = JSON.stringify(value);
  return HIDDEN_MARKERS.filter((marker) => text.includes(marker));
};

/**
 * Submissions straight into the table with chosen figures, for leaderboard order tests (the server
 * measures real submissions itself, so their figures cannot be chosen through the API).
 */
export async function insertSubmission(
  world: TestWorld,
  row: {
    problemId: number;
    by: string;
    code: string;
    runTime: number;
    heapUse: number;
    createdAt: Date;
  },
): Promise<number> {
  const user = await firstRow(
    world.db.select({ id: users.id }).from(users).where(eq(users.username, row.by)),
  );
  if (!user) throw new Error(`no user ${row.by}`);
  const inserted = await world.db.$writer.transaction((tx) =>
    returnedRow(
      tx
        .insert(submissions)
        .values({
          problemId: row.problemId,
          submissionBy: user.id,
          submissionCode: row.code,
          runTime: row.runTime,
          heapUse: row.heapUse,
          codeLength: [...row.code].length,
          lineCount: row.code.split('\n').length,
          createdAt: row.createdAt,
        })
        .returning({ id: submissions.id }),
    ),
  );
  return inserted.id;
}

/** How many problems are stored. */
export const problemCount = async (world: TestWorld): Promise<number> =>
  (await world.db.select().from(problems)).length;
