import { questions, questionVotes, type Executor } from '@app/db';
import type { VoteInput } from '@app/validators';
import type { ApiDeps } from '../../deps';
import type { PublishedEvent } from '../../events/topics';
import type { Viewer } from '../users/sessions';
import { castVote, votesOn, type VoteTables } from '../shared/votes';
import { writeTransaction } from '../shared/write';
import { assertQuestionExists } from './question-exists';
import type { MyVote, QuestionVotes } from './question-shapes';
import { insertionOrder } from './sqlite-dialect';

const questionVoteTables: VoteTables = {
  votes: {
    table: questionVotes,
    targetId: questionVotes.questionId,
    userId: questionVotes.userId,
    value: questionVotes.value,
    castOrder: insertionOrder(questionVotes),
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
export const votesOnQuestion = (
  db: Executor,
  qid: number,
  viewerId: number | null,
): QuestionVotes => votesOn(questionVoteTables, db, qid, viewerId);

/**
 * Votes with the shared rule (shared/votes): the vote row, the question's counters and its vote
 * version change in one transaction, whose event carries the whole new vote state. Authors may vote
 * on their own questions, as in the original app.
 */
export function voteOnQuestion(
  deps: ApiDeps,
  viewer: Viewer,
  input: VoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, ({ tx, publish }) => {
    assertQuestionExists(tx, input.qid);
    const { myVote, state } = castVote(questionVoteTables, tx, input.qid, viewer.id, input.vote);
    const event = publish('question', input.qid, { type: 'voted', qid: input.qid, ...state });
    return { myVote, event };
  });
}
