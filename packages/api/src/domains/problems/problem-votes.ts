import { dialect, type Executor, firstRow, problems, problemVotes } from '@app/db';
import { reputationMessages, type ProblemVoteInput } from '@app/validators';
import { eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { castVote, votesOn, type VoteTables } from '../../core/votes';
import { Refusal } from '../../core/errors';
import { writeTransaction } from '../../core/write';
import { assertProblemExists } from './problem-tests';
import type { MyVote, ProblemVotes } from './shapes';

const problemVoteTables: VoteTables = {
  votes: {
    table: problemVotes,
    targetId: problemVotes.problemId,
    userId: problemVotes.userId,
    value: problemVotes.value,
    castOrder: dialect.insertionOrder(problemVotes),
  },
  target: {
    table: problems,
    id: problems.id,
    upVoteCount: problems.upVoteCount,
    downVoteCount: problems.downVoteCount,
    voteVersion: problems.voteVersion,
  },
};

/** Who voted which way (in the order they first voted), and how the given user voted. */
export const votesOnProblem = async (
  db: Executor,
  problemId: number,
  viewerId: number | null,
): Promise<ProblemVotes> => votesOn(problemVoteTables, db, problemId, viewerId);

/**
 * Votes on a problem with the one toggle rule questions use (core/vote-toggle): the vote row, the
 * problem's counters and its vote version change in one transaction, whose 'voted' event carries the
 * whole new vote state. Problem votes earn no reputation, but authors may not vote on their own
 * problems either (FORBIDDEN), as on their questions.
 */
export function voteOnProblem(
  deps: ApiDeps,
  viewer: Viewer,
  input: ProblemVoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'problem'> }> {
  return writeTransaction(deps, async ({ tx, publish }) => {
    await assertProblemExists(tx, input.id);
    const problem = await firstRow(
      tx.select({ postedBy: problems.postedBy }).from(problems).where(eq(problems.id, input.id)),
    );
    if (problem?.postedBy === viewer.id)
      throw new Refusal({ code: 'FORBIDDEN', message: reputationMessages.ownProblem });
    const { myVote, state } = await castVote(
      problemVoteTables,
      tx,
      input.id,
      viewer.id,
      input.vote,
    );
    const event = publish('problem', input.id, { type: 'voted', problemId: input.id, ...state });
    return { myVote, event };
  });
}
