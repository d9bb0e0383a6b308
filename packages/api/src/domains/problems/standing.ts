import { firstRow, submissions } from '@app/db';
import { beatsPercent } from '@app/validators';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { SubmissionStanding } from './shapes';

// Three counts over the problem's own index ranges (submissions_run_time and submissions_heap_use
// start with the problem): no submission is loaded, however many there are.
const countOthers = perDb((db) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(submissions)
    .where(
      and(
        eq(submissions.problemId, sql.placeholder('problemId')),
        ne(submissions.id, sql.placeholder('id')),
      ),
    )
    .prepare(),
);
const countSlower = perDb((db) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(submissions)
    .where(
      and(
        eq(submissions.problemId, sql.placeholder('problemId')),
        gt(submissions.runTime, sql.placeholder('runTime')),
      ),
    )
    .prepare(),
);
const countHeavier = perDb((db) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(submissions)
    .where(
      and(
        eq(submissions.problemId, sql.placeholder('problemId')),
        gt(submissions.heapUse, sql.placeholder('heapUse')),
      ),
    )
    .prepare(),
);

/**
 * Where a submission stands among all the problem's submissions: the share of the others that ran
 * slower, and of those that used more heap ("faster than 83% of submissions"). Ties count for
 * neither side.
 */
export async function standingOf(
  { db }: Pick<ApiDeps, 'db'>,
  submission: { id: number; problemId: number; runTime: number; heapUse: number },
): Promise<SubmissionStanding> {
  const { id, problemId, runTime, heapUse } = submission;
  const [others, slower, heavier] = await Promise.all([
    firstRow(countOthers(db).execute({ problemId, id })),
    firstRow(countSlower(db).execute({ problemId, runTime })),
    firstRow(countHeavier(db).execute({ problemId, heapUse })),
  ]);
  const total = others?.n ?? 0;
  return {
    others: total,
    fasterThan: beatsPercent(slower?.n ?? 0, total),
    lessMemoryThan: beatsPercent(heavier?.n ?? 0, total),
  };
}
