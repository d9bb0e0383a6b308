import { returnedRow, submissions } from '@app/db';
import { charCount, lineCount, problemMessages, type CreateSubmissionInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { assertProblemExists, readProblemTests } from './problem-tests';
import { runInSandbox } from './sandbox-runs';
import type { SubmissionRow } from './shapes';
import { firstFailure, meanFigures } from './test-results';

/**
 * Submits a solution. The server runs the code against every test of the problem, hidden ones too,
 * and refuses it unless all pass; the run time and heap use stored are the means the server measured
 * (SPEC §7), so a client can neither submit a failing solution nor choose its figures. The
 * leaderboard row goes out in a 'submitted' event on the problem.
 */
export async function createSubmission(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateSubmissionInput,
  signal?: AbortSignal,
): Promise<{ submission: SubmissionRow; event: PublishedEvent<'problem'> }> {
  const problem = await readProblemTests(deps.db, input.problemId);
  const results = await runInSandbox(
    deps,
    viewer,
    input.code,
    problem.tests.map((test) => test.testCode),
    signal,
  );
  if (firstFailure(results)) {
    throw new Refusal({ code: 'BAD_REQUEST', message: problemMessages.notAllPassing });
  }
  const figures = meanFigures(results);
  const measures = { codeLength: charCount(input.code), lineCount: lineCount(input.code) };
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    await assertProblemExists(tx, input.problemId);
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
    });
    return { submission, event };
  });
}
