import { problems, returnedRow, submissions } from '@app/db';
import { charCount, lineCount, problemMessages, type CreateSubmissionInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { assertProblemExists, problemHidden, readProblemTests } from './problem-tests';
import { runInSandbox } from './sandbox-runs';
import type { SubmissionRow, SubmissionStanding } from './shapes';
import { standingOf } from './standing';
import { eq, sql } from 'drizzle-orm';
import { firstFailure, meanFigures } from './test-results';

/**
 * Submits a solution. The server runs the code against every test of the problem, hidden ones too,
 * and refuses it unless all pass; the run time and heap use stored are the means the server measured
 * (SPEC §7), so a client can neither submit a failing solution nor choose its figures. The
 * leaderboard row goes out in a 'submitted' event on the problem.
 *
 * Every submit that ran counts towards the problem's acceptance rate (issue 24): a refused one adds
 * to submitCount only, an accepted one to both counts. The answer tells where the accepted
 * submission stands among the problem's others (the verdict panel's percentiles).
 */
export async function createSubmission(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateSubmissionInput,
  signal?: AbortSignal,
): Promise<{
  submission: SubmissionRow;
  standing: SubmissionStanding;
  event: PublishedEvent<'problem'>;
}> {
  const problem = await readProblemTests(deps.db, input.problemId);
  if (problem.hidden) throw problemHidden();
  const results = await runInSandbox(
    deps,
    viewer,
    input.code,
    problem.tests.map((test) => test.testCode),
    signal,
  );
  if (firstFailure(results)) {
    await writeTransaction(deps, async ({ tx }) => {
      await tx
        .update(problems)
        .set({ submitCount: sql`${problems.submitCount} + 1` })
        .where(eq(problems.id, input.problemId));
    });
    throw new Refusal({ code: 'BAD_REQUEST', message: problemMessages.notAllPassing });
  }
  const figures = meanFigures(results);
  const measures = { codeLength: charCount(input.code), lineCount: lineCount(input.code) };
  const written = await writeTransaction(deps, async ({ tx, now, publish }) => {
    await assertProblemExists(tx, input.problemId);
    const counts = await returnedRow(
      tx
        .update(problems)
        .set({
          submitCount: sql`${problems.submitCount} + 1`,
          acceptedCount: sql`${problems.acceptedCount} + 1`,
        })
        .where(eq(problems.id, input.problemId))
        .returning({ submitCount: problems.submitCount, acceptedCount: problems.acceptedCount }),
    );
    const { id } = await returnedRow(
      tx
        .insert(submissions)
        .values({
          problemId: input.problemId,
          submissionBy: viewer.id,
          submissionCode: input.code,
          ...figures,
          ...measures,
          createdAt: now,
        })
        .returning({ id: submissions.id }),
    );
    const submission: SubmissionRow = {
      id,
      problemId: input.problemId,
      submissionBy: viewer.username,
      createdAt: now,
      ...measures,
      ...figures,
    };
    const event = publish('problem', input.problemId, {
      type: 'submitted',
      problemId: input.problemId,
      submission,
      ...counts,
    });
    return { submission, event };
  });
  const standing = await standingOf(deps, written.submission);
  return { ...written, standing };
}
