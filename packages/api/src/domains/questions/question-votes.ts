import { dialect, type Executor, questions, questionVotes } from '@app/db';
import { reputationMessages, type VoteInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { castVote, votesOn, type VoteTables } from '../../core/votes';
import { Refusal } from '../../core/errors';
import { writeTransaction } from '../../core/write';
import { applyReputation, lockPostForReputation } from '../reputation/reputation';
import { voteChangeDeltas } from '../reputation/rules';
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
 * Votes with the shared rule (core/votes): the vote row, the question's counters, its vote version
 * and the asker's reputation change in one transaction, whose event carries the whole new vote
 * state. Authors may not vote on their own questions (FORBIDDEN): on Stack Overflow that would award
 * them points. A deleted question's votes earn nothing (postVisibilityChanged took them back).
 */
export function voteOnQuestion(
  deps: ApiDeps,
  viewer: Viewer,
  input: VoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async (scope) => {
    const { tx, publish } = scope;
    await assertQuestionExists(tx, input.qid);
    const post = await lockPostForReputation(tx, 'question', input.qid);
    if (post?.authorId === viewer.id)
      throw new Refusal({ code: 'FORBIDDEN', message: reputationMessages.ownQuestion });
    const { before, myVote, state } = await castVote(
      questionVoteTables,
      tx,
      input.qid,
      viewer.id,
      input.vote,
      { targetLocked: post !== null },
    );
    if (post && !post.deleted) {
      const deltas = voteChangeDeltas({
        kind: 'question',
        before,
        after: myVote,
        voterId: viewer.id,
        authorId: post.authorId,
      });
      await applyReputation(scope, deltas, { questionId: input.qid });
    }
    const event = publish('question', input.qid, { type: 'voted', qid: input.qid, ...state });
    return { myVote, event };
  });
}
