import { returnedRow, problems, problemTestCases } from '@app/db';
import { PROBLEM_PREVIEW_MAX, problemMessages, type CreateProblemData } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { problemSearchKey } from './problem-search';
import { runInSandbox } from './sandbox-runs';
import type { ProblemSummary } from './shapes';
import { firstFailure } from './test-results';
import { storedTopics } from './topics';

/** The start of a problem's text that a list card carries (as problemSummaryColumns reads it). */
const preview = (text: string): string => [...text].slice(0, PROBLEM_PREVIEW_MAX).join('');

/**
 * Posts a problem as the signed-in viewer. The server runs the example solution against every test
 * first (outside the transaction: it waits for the sandbox) and refuses the problem, naming the first
 * failing test and its verdict, unless every one passes; then the problem and its tests are written
 * with their 'created' event.
 */
export async function createProblem(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateProblemData,
  signal?: AbortSignal,
): Promise<{ problem: ProblemSummary; event: PublishedEvent<'problem'> }> {
  const results = await runInSandbox(
    deps,
    viewer,
    input.suggestedSolution,
    input.testCases.map((test) => test.testCode),
    signal,
  );
  const failure = firstFailure(results);
  if (failure) {
    throw new Refusal({
      code: 'BAD_REQUEST',
      message: problemMessages.solutionFails(failure.number, failure.result.status),
    });
  }
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const { id } = await returnedRow(
      tx
        .insert(problems)
        .values({
          title: input.title,
          problemText: input.problemText,
          functionSignature: input.functionSignature,
          suggestedSolution: input.suggestedSolution,
          postedBy: viewer.id,
          createdAt: now,
          searchKey: problemSearchKey(input.title, input.problemText),
          difficulty: input.difficulty,
          topics: storedTopics(input.topics),
        })
        .returning({ id: problems.id }),
    );
    await tx.insert(problemTestCases).values(
      input.testCases.map((test, position) => ({
        problemId: id,
        position,
        testCode: test.testCode,
        hidden: test.hidden,
      })),
    );
    const problem: ProblemSummary = {
      id,
      title: input.title,
      text: preview(input.problemText),
      postedBy: viewer.username,
      createdAt: now,
      upVoteCount: 0,
      downVoteCount: 0,
      voteScore: 0,
      difficulty: input.difficulty,
      topics: input.topics,
      submitCount: 0,
      acceptedCount: 0,
    };
    const event = publish('problem', id, { type: 'created', problemId: id, problem });
    return { problem, event };
  });
}
