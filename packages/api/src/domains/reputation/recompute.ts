import {
  answers,
  answerVotes,
  type Db,
  dialect,
  type Executor,
  questions,
  questionVotes,
  reputationChanges,
  users,
} from '@app/db';
import { REPUTATION_FLOOR } from '@app/validators';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { acceptanceEarnings, type ReputationDelta, voteEarnings, type VoteValue } from './rules';

/**
 * Every user's reputation as the rules make it from what stands now: the votes on questions and
 * answers that are not deleted, and the acceptances of answers that are not deleted. Users with
 * nothing earned are 1 (the start). Read inside a transaction to see one moment.
 */
export async function computeReputations(db: Executor): Promise<Map<number, number>> {
  const earnings: ReputationDelta[] = [];
  const questionVoteRows = await db
    .select({
      voterId: questionVotes.userId,
      value: questionVotes.value,
      authorId: questions.askedBy,
    })
    .from(questionVotes)
    .innerJoin(questions, eq(questions.id, questionVotes.questionId))
    .where(isNull(questions.deletedAt));
  for (const { voterId, value, authorId } of questionVoteRows)
    earnings.push(
      ...voteEarnings({ kind: 'question', value: value as VoteValue, voterId, authorId }),
    );
  const answerVoteRows = await db
    .select({ voterId: answerVotes.userId, value: answerVotes.value, authorId: answers.ansBy })
    .from(answerVotes)
    .innerJoin(answers, eq(answers.id, answerVotes.answerId))
    .where(isNull(answers.deletedAt));
  for (const { voterId, value, authorId } of answerVoteRows)
    earnings.push(
      ...voteEarnings({ kind: 'answer', value: value as VoteValue, voterId, authorId }),
    );
  const acceptances = await db
    .select({ askerId: questions.askedBy, answererId: answers.ansBy })
    .from(questions)
    .innerJoin(answers, eq(answers.id, questions.acceptedAnswerId))
    .where(and(isNotNull(questions.acceptedAnswerId), isNull(answers.deletedAt)));
  for (const acceptance of acceptances) earnings.push(...acceptanceEarnings(acceptance));

  const reputations = new Map<number, number>();
  for (const { id } of await db.select({ id: users.id }).from(users).orderBy(asc(users.id)))
    reputations.set(id, REPUTATION_FLOOR);
  for (const { userId, delta } of earnings)
    reputations.set(userId, (reputations.get(userId) ?? REPUTATION_FLOOR) + delta);
  return reputations;
}

export interface RecomputeReport {
  /** How many users were looked at. */
  users: number;
  /** Those whose stored reputation was not what the votes make it, with both numbers. */
  changed: { username: string; before: number; after: number }[];
}

/**
 * Recomputes every user's reputation (or one user's, by name) from the votes and acceptances, and
 * sets it where it was off, with a 'recalculated' change of the difference, so the history still
 * sums to it. Writes no events: open pages show the new number when they next load it.
 */
export async function recomputeReputation(
  db: Db,
  options: { username?: string; now?: Date } = {},
): Promise<RecomputeReport> {
  const now = options.now ?? new Date();
  const which = options.username === undefined ? sql`true` : eq(users.username, options.username);
  return db.$writer.transaction(async (tx) => {
    // The users first (PostgreSQL): a vote committing meanwhile either is read below or adds its
    // points after this write, never lost under the number set here.
    await dialect.lockRows(tx, users, which);
    const computed = await computeReputations(tx);
    const stored = await tx
      .select({ id: users.id, username: users.username, reputation: users.reputation })
      .from(users)
      .where(which)
      .orderBy(asc(users.id));
    const changed: RecomputeReport['changed'] = [];
    for (const user of stored) {
      const after = computed.get(user.id) ?? REPUTATION_FLOOR;
      if (after === user.reputation) continue;
      await tx.update(users).set({ reputation: after }).where(eq(users.id, user.id));
      await tx.insert(reputationChanges).values({
        userId: user.id,
        delta: after - user.reputation,
        reason: 'recalculated',
        createdAt: now,
      });
      changed.push({ username: user.username, before: user.reputation, after });
    }
    return { users: stored.length, changed };
  });
}
