import { submissions } from '@app/db';
import { MY_SUBMISSIONS_MAX } from '@app/validators';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import { submissionRowColumns } from './problem-columns';
import type { SubmissionRow } from './shapes';

/**
 * Which of these problems the viewer has solved (has an accepted submission of): the list's Solved
 * marks. Kept out of the list itself, which is the same for everyone; one small read over the
 * submissions_submitter index for the ids on screen, like reputation.byUsernames for the questions.
 */
export async function solvedAmong(
  { db }: ApiDeps,
  viewer: Viewer,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ problemId: submissions.problemId })
    .from(submissions)
    .where(and(eq(submissions.submissionBy, viewer.id), inArray(submissions.problemId, [...ids])));
  return rows.map((row) => row.problemId).sort((a, b) => a - b);
}

const mine = perDb((db) =>
  db
    .select(submissionRowColumns)
    .from(submissions)
    .where(
      and(
        eq(submissions.submissionBy, sql.placeholder('userId')),
        eq(submissions.problemId, sql.placeholder('problemId')),
      ),
    )
    .orderBy(desc(submissions.id))
    .limit(MY_SUBMISSIONS_MAX)
    .prepare(),
);

/** The viewer's own submissions to a problem, newest first: the problem page's "Solved" part. */
export async function mySubmissions(
  { db }: ApiDeps,
  viewer: Viewer,
  problemId: number,
): Promise<SubmissionRow[]> {
  return mine(db).execute({ userId: viewer.id, problemId });
}
