import { problems, problemVotes, type Executor } from '@app/db';
import type { ProblemVoteInput } from '@app/validators';
import type { ApiDeps } from '../../deps';
import type { PublishedEvent } from '../../events/topics';
import type { Viewer } from '../users/sessions';
import { castVote, votesOn, type VoteTables } from '../shared/votes';
import { writeTransaction } from '../shared/write';
import type { MyVote, ProblemVotes } from './problem-shapes';
import { assertProblemExists } from './problem-tests';
import { insertionOrder } from './sqlite-dialect';

const problemVoteTables: VoteTables = {
  votes: {
    table: problemVotes,
    targetId: problemVotes.problemId,
    userId: problemVotes.userId,
    value: problemVotes.value,
    castOrder: insertionOrder(problemVotes),
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
export const votesOnProblem = (
  db: Executor,
  problemId: number,
  viewerId: number | null,
): ProblemVotes => votesOn(problemVoteTables, db, problemId, viewerId);

/**
 * Votes on a problem with the one toggle rule questions use (shared/vote-toggle): the vote row, the
 * problem's counters and its vote version change in one transaction, whose 'voted' event carries the
 * whole new vote state. Authors may vote on their own problems, as on their questions.
 */
export function voteOnProblem(
  deps: ApiDeps,
  viewer: Viewer,
  input: ProblemVoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'problem'> }> {
  return writeTransaction(deps, ({ tx, publish }) => {
    assertProblemExists(tx, input.id);
    const { myVote, state } = castVote(problemVoteTables, tx, input.id, viewer.id, input.vote);
    const event = publish('problem', input.id, { type: 'voted', problemId: input.id, ...state });
    return { myVote, event };
  });
}
