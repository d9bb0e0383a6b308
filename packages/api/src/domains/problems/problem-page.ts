import { firstRow, problems } from '@app/db';
import { voteScore } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import { isModerator, type Viewer } from '../../core/viewer';
import { usernameOf } from './problem-columns';
import { problemNotFound, readProblemTests, testsVisibleTo } from './problem-tests';
import { votesOnProblem } from './problem-votes';
import type { ProblemDetail } from './shapes';
import { difficultyOf, topicsOf } from './topics';

const problemRow = perDb((db) =>
  db
    .select({
      id: problems.id,
      title: problems.title,
      problemText: problems.problemText,
      functionSignature: problems.functionSignature,
      suggestedSolution: problems.suggestedSolution,
      authorId: problems.postedBy,
      postedBy: usernameOf(problems.postedBy),
      createdAt: problems.createdAt,
      upVoteCount: problems.upVoteCount,
      downVoteCount: problems.downVoteCount,
      voteVersion: problems.voteVersion,
      hiddenAt: problems.hiddenAt,
      difficulty: problems.difficulty,
      topics: problems.topics,
      submitCount: problems.submitCount,
      acceptedCount: problems.acceptedCount,
    })
    .from(problems)
    .where(eq(problems.id, sql.placeholder('id')))
    .prepare(),
);

/**
 * The Problem details page: the problem, its votes (and the viewer's own), the tests the viewer may
 * read (hidden ones only for the author; everyone learns how many there are) and the example solution.
 */
export async function getProblem(
  { db }: ApiDeps,
  viewer: Viewer | null,
  id: number,
): Promise<ProblemDetail> {
  const row = await firstRow(problemRow(db).execute({ id }));
  // Hidden by flags: gone for everyone but its author (who sees it marked) and moderators.
  if (!row || (row.hiddenAt && viewer?.id !== row.authorId && !isModerator(viewer))) {
    throw problemNotFound();
  }
  const { authorId, hiddenAt, difficulty, topics, ...problem } = row;
  return {
    ...problem,
    difficulty: difficultyOf(difficulty),
    topics: topicsOf(topics),
    ...(hiddenAt ? { hidden: true as const } : {}),
    isAuthor: viewer?.id === authorId,
    ...testsVisibleTo(await readProblemTests(db, id), viewer?.id ?? null),
    ...(await votesOnProblem(db, id, viewer?.id ?? null)),
    voteScore: voteScore(row.upVoteCount, row.downVoteCount),
  };
}
