import { answers, answerVotes, dialect } from '@app/db';
import type { AnswerVoteInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { castVote, type VoteTables } from '../../core/votes';
import { writeTransaction } from '../../core/write';
import { findAnswer } from './answer-exists';
import type { MyVote } from './shapes';

const answerVoteTables: VoteTables = {
  votes: {
    table: answerVotes,
    targetId: answerVotes.answerId,
    userId: answerVotes.userId,
    value: answerVotes.value,
    castOrder: dialect.insertionOrder(answerVotes),
  },
  target: {
    table: answers,
    id: answers.id,
    upVoteCount: answers.upVoteCount,
    downVoteCount: answers.downVoteCount,
    voteVersion: answers.voteVersion,
  },
};

/**
 * Votes on an answer with the rule questions and problems use (core/votes): the vote row, the
 * answer's counters and its vote version change in one transaction, whose event (on the question's
 * key, so its page hears it) carries the answer's whole new vote state. Authors may vote on their
 * own answers, as on their questions.
 */
export function voteOnAnswer(
  deps: ApiDeps,
  viewer: Viewer,
  input: AnswerVoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, publish }) => {
    const { qid } = await findAnswer(tx, input.answerId);
    const { myVote, state } = await castVote(
      answerVoteTables,
      tx,
      input.answerId,
      viewer.id,
      input.vote,
    );
    const event = publish('question', qid, {
      type: 'answerVoted',
      qid,
      answerId: input.answerId,
      ...state,
    });
    return { myVote, event };
  });
}
