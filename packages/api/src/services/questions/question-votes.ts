import { questions, questionVotes, users, type Executor } from '@app/db';
import { voteScore, type VoteInput } from '@app/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../deps';
import type { PublishedEvent } from '../../events/topics';
import type { Viewer } from '../users/sessions';
import { toggleVote, type VoteValue } from '../shared/vote-toggle';
import { writeTransaction } from '../shared/write';
import { assertQuestionExists } from './question-exists';
import type { MyVote, QuestionVotes } from './question-shapes';
import { insertionOrder } from './sqlite-dialect';

/** Who voted which way (in the order they first voted), and how the given user voted. */
export function votesOnQuestion(db: Executor, qid: number, viewerId: number | null): QuestionVotes {
  const rows = db
    .select({ userId: questionVotes.userId, username: users.username, value: questionVotes.value })
    .from(questionVotes)
    .innerJoin(users, eq(users.id, questionVotes.userId))
    .where(eq(questionVotes.questionId, qid))
    .orderBy(insertionOrder(questionVotes))
    .all();
  const mine = rows.find((row) => row.userId === viewerId)?.value ?? 0;
  return {
    upVotes: rows.filter((row) => row.value === 1).map((row) => row.username),
    downVotes: rows.filter((row) => row.value === -1).map((row) => row.username),
    myVote: mine as MyVote,
  };
}

/**
 * Votes with the shared toggle rule (shared/vote-toggle). The vote row, the question's counters and
 * its vote version change in one transaction, whose event carries the whole new vote state. Authors
 * may vote on their own questions, as in the original app.
 */
export function voteOnQuestion(
  deps: ApiDeps,
  viewer: Viewer,
  input: VoteInput,
): Promise<{ myVote: MyVote; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, ({ tx, publish }) => {
    assertQuestionExists(tx, input.qid);
    const mine = and(eq(questionVotes.questionId, input.qid), eq(questionVotes.userId, viewer.id));
    const before = (tx.select({ value: questionVotes.value }).from(questionVotes).where(mine).get()
      ?.value ?? 0) as VoteValue;
    const change = toggleVote(before, input.vote);
    if (change.row === 'delete') tx.delete(questionVotes).where(mine).run();
    else if (change.row === 'insert')
      tx.insert(questionVotes)
        .values({ questionId: input.qid, userId: viewer.id, value: change.after })
        .run();
    else tx.update(questionVotes).set({ value: change.after }).where(mine).run();

    const counts = tx
      .update(questions)
      .set({
        upVoteCount: sql`${questions.upVoteCount} + ${change.upDelta}`,
        downVoteCount: sql`${questions.downVoteCount} + ${change.downDelta}`,
        voteVersion: sql`${questions.voteVersion} + 1`,
      })
      .where(eq(questions.id, input.qid))
      .returning({
        upVoteCount: questions.upVoteCount,
        downVoteCount: questions.downVoteCount,
        voteVersion: questions.voteVersion,
      })
      .get();
    const votes = votesOnQuestion(tx, input.qid, viewer.id);
    const event = publish('question', input.qid, {
      type: 'voted',
      qid: input.qid,
      upVotes: votes.upVotes,
      downVotes: votes.downVotes,
      ...counts,
      voteScore: voteScore(counts.upVoteCount, counts.downVoteCount),
    });
    return { myVote: votes.myVote, event };
  });
}
