import { answers, answerVotes, dialect } from '@app/db';
import { reputationMessages, type AnswerVoteInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { castVote, type VoteTables } from '../../core/votes';
import { Refusal } from '../../core/errors';
import { writeTransaction } from '../../core/write';
import { applyReputation, lockPostForReputation } from '../reputation/reputation';
import { voteChangeDeltas } from '../reputation/rules';
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
 * key, so its page hears it) carries the answer's whole new vote state. The answerer's reputation (and
 * a downvoter's point) change in the same transaction. Authors may not vote on their own answers.
 */
export function voteOnAnswer(
  deps: ApiDeps,
  viewer: Viewer,
  input: AnswerVoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async (scope) => {
    const { tx, publish } = scope;
    const { qid } = await findAnswer(tx, input.answerId);
    const post = await lockPostForReputation(tx, 'answer', input.answerId);
    if (post?.authorId === viewer.id)
      throw new Refusal({ code: 'FORBIDDEN', message: reputationMessages.ownAnswer });
    const { before, myVote, state } = await castVote(
      answerVoteTables,
      tx,
      input.answerId,
      viewer.id,
      input.vote,
      { targetLocked: post !== null },
    );
    if (post && !post.deleted) {
      const deltas = voteChangeDeltas({
        kind: 'answer',
        before,
        after: myVote,
        voterId: viewer.id,
        authorId: post.authorId,
      });
      await applyReputation(scope, deltas, { questionId: qid, answerId: input.answerId });
    }
    const event = publish('question', qid, {
      type: 'answerVoted',
      qid,
      answerId: input.answerId,
      ...state,
    });
    return { myVote, event };
  });
}
