import { dialect, type Executor, questions, questionVotes } from '@app/db';
import type { VoteInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { castVote, votesOn, type VoteTables } from '../../core/votes';
import { writeTransaction } from '../../core/write';
import { assertQuestionExists } from './question-exists';
import type { MyVote, QuestionVotes } from './shapes';

const questionVoteTables: VoteTables = {
  votes: {
    table: questionVotes,
    targetId: questionVotes.questionId,
    userId: questionVotes.userId,
    value: questionVotes.value,
    castOrder: dialect.insertionOrder(questionVotes),
  },
  target: {
    table: questions,
    id: questions.id,
    upVoteCount: questions.upVoteCount,
    downVoteCount: questions.downVoteCount,
    voteVersion: questions.voteVersion,
  },
};

/** Who voted which way (in the order they first voted), and how the given user voted. */
export const votesOnQuestion = async (
  db: Executor,
  qid: number,
  viewerId: number | null,
): Promise<QuestionVotes> => votesOn(questionVoteTables, db, qid, viewerId);

/**
 * Votes with the shared rule (core/votes): the vote row, the question's counters and its vote
 * version change in one transaction, whose event carries the whole new vote state. Authors may vote
 * on their own questions, as in the original app.
 */
export function voteOnQuestion(
  deps: ApiDeps,
  viewer: Viewer,
  input: VoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, publish }) => {
    await assertQuestionExists(tx, input.qid);
    const { myVote, state } = await castVote(
      questionVoteTables,
      tx,
      input.qid,
      viewer.id,
      input.vote,
    );
    const event = publish('question', input.qid, { type: 'voted', qid: input.qid, ...state });
    return { myVote, event };
  });
}
