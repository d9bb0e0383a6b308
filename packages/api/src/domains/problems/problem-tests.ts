import { firstRow, problems, problemTestCases, type Db, type Executor } from '@app/db';
import { problemMessages } from '@app/validators';
import { asc, eq, sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type { ProblemTestCaseView } from './shapes';

/** A problem's tests as stored: for running them. Never hand these out unredacted. */
export interface StoredTestCase {
  /** 1-based place among all the problem's tests. */
  number: number;
  testCode: string;
  hidden: boolean;
}

export interface ProblemTests {
  problemId: number;
  authorId: number;
  /** Hidden by flags: it may be read by its author and moderators, but takes no new work. */
  hidden: boolean;
  tests: StoredTestCase[];
}

const authorOf = perDb((db) =>
  db
    .select({ authorId: problems.postedBy, hiddenAt: problems.hiddenAt })
    .from(problems)
    .where(eq(problems.id, sql.placeholder('id')))
    .prepare(),
);

const testsOf = perDb((db) =>
  db
    .select({ testCode: problemTestCases.testCode, hidden: problemTestCases.hidden })
    .from(problemTestCases)
    .where(eq(problemTestCases.problemId, sql.placeholder('id')))
    .orderBy(asc(problemTestCases.position))
    .prepare(),
);

/** NOT_FOUND ('Problem not found') unless the problem exists. */
export function problemNotFound(): Refusal {
  return new Refusal({ code: 'NOT_FOUND', message: problemMessages.problemNotFound });
}

/** FORBIDDEN with its sentence: a problem hidden by flags takes no new work until a moderator looks. */
export function problemHidden(): Refusal {
  return new Refusal({ code: 'FORBIDDEN', message: problemMessages.problemHidden });
}

/**
 * Who posted the problem, or NOT_FOUND; refused while it is hidden by flags (the work that calls
 * this is new: a vote, a submission, a draft, a game). Inside a write's transaction too.
 */
export async function assertProblemExists(db: Executor, id: number): Promise<{ authorId: number }> {
  const row = await firstRow(
    db
      .select({ authorId: problems.postedBy, hiddenAt: problems.hiddenAt })
      .from(problems)
      .where(eq(problems.id, id)),
  );
  if (!row) throw problemNotFound();
  if (row.hiddenAt) throw problemHidden();
  return { authorId: row.authorId };
}

/** Every test of a problem, in order, with who posted it; NOT_FOUND when there is no such problem. */
export async function readProblemTests(db: Db, problemId: number): Promise<ProblemTests> {
  const author = await firstRow(authorOf(db).execute({ id: problemId }));
  if (!author) throw problemNotFound();
  const tests = (await testsOf(db).execute({ id: problemId })).map((row, i): StoredTestCase => ({
    number: i + 1,
    ...row,
  }));
  return { problemId, authorId: author.authorId, hidden: author.hiddenAt !== null, tests };
}

/**
 * The tests a viewer may read: all of them for the problem's author, the visible ones for anyone
 * else. Hidden test code goes to nobody but its author.
 */
export function testsVisibleTo(
  problem: ProblemTests,
  viewerId: number | null,
): { testCases: ProblemTestCaseView[]; hiddenTestCount: number } {
  const isAuthor = viewerId !== null && viewerId === problem.authorId;
  return {
    testCases: problem.tests
      .filter((test) => isAuthor || !test.hidden)
      .map(({ number, testCode, hidden }) => ({ number, testCode, hidden })),
    hiddenTestCount: problem.tests.filter((test) => test.hidden).length,
  };
}
