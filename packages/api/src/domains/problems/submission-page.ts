import { firstRow, problems, submissions } from '@app/db';
import { problemMessages } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import { submissionRowColumns } from './problem-columns';
import type { SubmissionDetail } from './shapes';

const submissionRow = perDb((db) =>
  db
    .select({
      ...submissionRowColumns,
      submissionCode: submissions.submissionCode,
      problemTitle: problems.title,
      problemText: problems.problemText,
      functionSignature: problems.functionSignature,
    })
    .from(submissions)
    .innerJoin(problems, eq(problems.id, submissions.problemId))
    .where(eq(submissions.id, sql.placeholder('id')))
    .prepare(),
);

/** The Submission view: the submitted code, its figures, and the problem it solves (never its tests). */
export async function getSubmission({ db }: ApiDeps, id: number): Promise<SubmissionDetail> {
  const row = await firstRow(submissionRow(db).execute({ id }));
  if (!row) {
    throw new Refusal({ code: 'NOT_FOUND', message: problemMessages.submissionNotFound });
  }
  const { problemTitle, problemText, functionSignature, ...submission } = row;
  return {
    ...submission,
    problem: { id: submission.problemId, title: problemTitle, problemText, functionSignature },
  };
}
