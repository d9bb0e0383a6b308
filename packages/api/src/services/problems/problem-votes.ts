import { problems, problemVotes, users, type Executor } from '@app/db';
import { voteScore, type ProblemVoteInput } from '@app/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../deps';
import type { PublishedEvent } from '../../events/topics';
import type { Viewer } from '../users/sessions';
import { toggleVote, type VoteValue } from '../shared/vote-toggle';
import { writeTransaction } from '../shared/write';
import type { MyVote, ProblemVotes } from './problem-shapes';
import { assertProblemExists } from './problem-tests';
import { insertionOrder } from './sqlite-dialect';

/** Who voted which way (in the order they first voted), and how the given user voted. */
export function votesOnProblem(
  db: Executor,
  problemId: number,
  viewerId: number | null,
): ProblemVotes {
  const rows = db
    .select({ userId: problemVotes.userId, username: users.username, value: problemVotes.value })
    .from(problemVotes)
    .innerJoin(users, eq(users.id, problemVotes.userId))
    .where(eq(problemVotes.problemId, problemId))
    .orderBy(insertionOrder(problemVotes))
    .all();
  const mine = rows.find((row) => row.userId === viewerId)?.value ?? 0;
  return {
    upVotes: rows.filter((row) => row.value === 1).map((row) => row.username),
    downVotes: rows.filter((row) => row.value === -1).map((row) => row.username),
    myVote: mine as MyVote,
  };
}

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
    const mine = and(eq(problemVotes.problemId, input.id), eq(problemVotes.userId, viewer.id));
    const before = (tx.select({ value: problemVotes.value }).from(problemVotes).where(mine).get()
      ?.value ?? 0) as VoteValue;
    const change = toggleVote(before, input.vote);
    if (change.row === 'delete') tx.delete(problemVotes).where(mine).run();
    else if (change.row === 'insert')
      tx.insert(problemVotes)
        .values({ problemId: input.id, userId: viewer.id, value: change.after })
        .run();
    else tx.update(problemVotes).set({ value: change.after }).where(mine).run();

    const counts = tx
      .update(problems)
      .set({
        upVoteCount: sql`${problems.upVoteCount} + ${change.upDelta}`,
        downVoteCount: sql`${problems.downVoteCount} + ${change.downDelta}`,
        voteVersion: sql`${problems.voteVersion} + 1`,
      })
      .where(eq(problems.id, input.id))
      .returning({
        upVoteCount: problems.upVoteCount,
        downVoteCount: problems.downVoteCount,
        voteVersion: problems.voteVersion,
      })
      .get();
    const votes = votesOnProblem(tx, input.id, viewer.id);
    const event = publish('problem', input.id, {
      type: 'voted',
      problemId: input.id,
      upVotes: votes.upVotes,
      downVotes: votes.downVotes,
      ...counts,
      voteScore: voteScore(counts.upVoteCount, counts.downVoteCount),
    });
    return { myVote: votes.myVote, event };
  });
}
