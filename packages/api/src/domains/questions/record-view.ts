import { questions, questionViews } from '@app/db';
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
  return writeTransaction(deps, ({ tx, now, publish }) => {
    assertQuestionExists(tx, qid);
    const added = tx
      .insert(questionViews)
      .values({ questionId: qid, userId: viewer.id, viewedAt: now })
      .onConflictDoNothing()
      .run().changes;
    if (added === 0) {
      const row = tx
        .select({ viewCount: questions.viewCount })
        .from(questions)
        .where(eq(questions.id, qid))
        .get();
      return { viewCount: row?.viewCount ?? 0, event: null };
    }
    const row = tx
      .update(questions)
      .set({ viewCount: sql`${questions.viewCount} + 1` })
      .where(eq(questions.id, qid))
      .returning({ viewCount: questions.viewCount })
      .get();
    const viewCount = row?.viewCount ?? 0;
    return { viewCount, event: publish('question', qid, { type: 'viewed', qid, viewCount }) };
  });
}
