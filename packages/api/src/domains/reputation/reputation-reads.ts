import { answers, firstRow, questions, reputationChanges, users } from '@app/db';
import { shownReputation, userMessages, type ReputationHistoryInput } from '@app/validators';
import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';

/** A user's name and the reputation shown beside it. */
export interface UserReputation {
  username: string;
  reputation: number;
}

/**
 * The reputation shown for each of these names that is a user (a page's authors), in name order. A
 * list, not an object keyed by name: a user may be called '__proto__'.
 */
export async function reputationsOf(
  { db }: ApiDeps,
  usernames: string[],
): Promise<UserReputation[]> {
  const names = [...new Set(usernames)];
  if (names.length === 0) return [];
  const rows = await db
    .select({ username: users.username, reputation: users.reputation })
    .from(users)
    .where(inArray(users.username, names))
    .orderBy(asc(users.username));
  return rows.map((row) => ({
    username: row.username,
    reputation: shownReputation(row.reputation),
  }));
}

/** One line of a user's reputation history. */
export interface ReputationChangeView {
  id: number;
  delta: number;
  reason: string;
  createdAt: Date;
  /** The post it was about, when there was one and it is still there to link to. */
  questionId: number | null;
  answerId: number | null;
  questionTitle: string | null;
}

export interface ReputationHistoryPage {
  username: string;
  reputation: number;
  items: ReputationChangeView[];
  /** Pass back as `cursor` for older changes; null on the last page. */
  nextCursor: number | null;
}

/** A user's reputation changes, newest first, a page at a time. */
export async function reputationHistory(
  { db }: ApiDeps,
  input: Required<Pick<ReputationHistoryInput, 'username' | 'limit'>> & {
    cursor?: number | null;
  },
): Promise<ReputationHistoryPage> {
  const user = await firstRow(
    db
      .select({ id: users.id, username: users.username, reputation: users.reputation })
      .from(users)
      .where(and(eq(users.username, input.username), isNull(users.deletedAt))),
  );
  if (!user) throw new Refusal({ code: 'NOT_FOUND', message: userMessages.notFound });
  const rows = await db
    .select({
      id: reputationChanges.id,
      delta: reputationChanges.delta,
      reason: reputationChanges.reason,
      createdAt: reputationChanges.createdAt,
      questionId: questions.id,
      answerId: reputationChanges.answerId,
      answerDeletedAt: answers.deletedAt,
      questionTitle: questions.title,
    })
    .from(reputationChanges)
    .leftJoin(
      questions,
      and(eq(questions.id, reputationChanges.questionId), isNull(questions.deletedAt)),
    )
    .leftJoin(answers, eq(answers.id, reputationChanges.answerId))
    .where(
      and(
        eq(reputationChanges.userId, user.id),
        input.cursor ? lt(reputationChanges.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(reputationChanges.id))
    .limit(input.limit + 1);
  const items = rows
    .slice(0, input.limit)
    .map(({ answerDeletedAt, ...row }): ReputationChangeView => ({
      ...row,
      answerId: row.questionId !== null && answerDeletedAt === null ? row.answerId : null,
    }));
  return {
    username: user.username,
    reputation: shownReputation(user.reputation),
    items,
    nextCursor: rows.length > input.limit ? (items[items.length - 1]?.id ?? null) : null,
  };
}
