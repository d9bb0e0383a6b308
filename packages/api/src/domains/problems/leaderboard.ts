import { firstRow, problems, submissions, type Db } from '@app/db';
import {
  LEADERBOARD_SIZE,
  type ListSubmissionsInput,
  type SortDirection,
  type SubmissionSort,
} from '@app/validators';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import { submissionRowColumns } from './problem-columns';
import { problemNotFound } from './problem-tests';
import type { SubmissionRow } from './shapes';

/**
 * Each sort reads its own index within the problem (schema: submissions_problem, submissions_code_length,
 * submissions_run_time, submissions_heap_use); ties go by id in the same direction.
 */
const SORT_COLUMNS = {
  date: submissions.createdAt,
  codeLength: submissions.codeLength,
  runTime: submissions.runTime,
  heapUse: submissions.heapUse,
} as const;

const buildStatement = (db: Db, sort: SubmissionSort, direction: SortDirection) => {
  const order = direction === 'desc' ? desc : asc;
  return db
    .select(submissionRowColumns)
    .from(submissions)
    .where(eq(submissions.problemId, sql.placeholder('problemId')))
    .orderBy(order(SORT_COLUMNS[sort]), order(submissions.id))
    .limit(sql.placeholder('limit'))
    .prepare();
};

const statements = perDb(() => new Map<string, ReturnType<typeof buildStatement>>());

const problemExists = perDb((db) =>
  db
    .select({ id: problems.id })
    .from(problems)
    .where(eq(problems.id, sql.placeholder('id')))
    .prepare(),
);

/**
 * The User Submissions leaderboard of a problem: its first `limit` rows in the chosen order (SPEC §2:
 * Date, Code Length, Run Time or Heap Use; date descending by default).
 */
export async function listSubmissions(
  { db }: ApiDeps,
  input: ListSubmissionsInput,
): Promise<SubmissionRow[]> {
  if (!(await firstRow(problemExists(db).execute({ id: input.problemId }))))
    throw problemNotFound();
  const sort = input.sort ?? 'date';
  const direction = input.direction ?? 'desc';
  const map = statements(db);
  const key = `${sort}|${direction}`;
  let statement = map.get(key);
  if (!statement) map.set(key, (statement = buildStatement(db, sort, direction)));
  return statement.execute({
    problemId: input.problemId,
    limit: input.limit ?? LEADERBOARD_SIZE,
  });
}
