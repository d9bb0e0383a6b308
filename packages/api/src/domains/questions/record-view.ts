import { firstRow, questions, questionViews } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { assertQuestionExists } from './question-exists';

/**
 * Counts the viewer's view of a question once: views are a set of users, so a second visit changes
 * nothing and publishes nothing (event null).
 */
export function recordView(
  deps: ApiDeps,
  viewer: Viewer,
  qid: number,
): Promise<{ viewCount: number; event: PublishedEvent<'question'> | null }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    await assertQuestionExists(tx, qid);
    const added = await firstRow(
      tx
        .insert(questionViews)
        .values({ questionId: qid, userId: viewer.id, viewedAt: now })
        .onConflictDoNothing()
        .returning({ userId: questionViews.userId }),
    );
    if (!added) {
      const row = await firstRow(
        tx.select({ viewCount: questions.viewCount }).from(questions).where(eq(questions.id, qid)),
      );
      return { viewCount: row?.viewCount ?? 0, event: null };
    }
    const row = await firstRow(
      tx
        .update(questions)
        .set({ viewCount: sql`${questions.viewCount} + 1` })
        .where(eq(questions.id, qid))
        .returning({ viewCount: questions.viewCount }),
    );
    const viewCount = row?.viewCount ?? 0;
    return { viewCount, event: publish('question', qid, { type: 'viewed', qid, viewCount }) };
  });
}
