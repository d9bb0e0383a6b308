import { firstRow, questions, type Executor } from '@app/db';
import { questionMessages } from '@app/validators';
import { and, eq } from 'drizzle-orm';
import { Refusal } from '../../core/errors';
import { isShown } from './visibility';

/**
 * NOT_FOUND ('Question not found') unless the question exists and everyone sees it (a deleted or
 * hidden question takes no answers, comments or votes); inside a write's transaction. Says when it
 * was closed (null while open), for the writes a closed question refuses.
 */
export async function assertQuestionExists(
  db: Executor,
  qid: number,
): Promise<{ closedAt: Date | null }> {
  const row = await firstRow(
    db
      .select({ closedAt: questions.closedAt })
      .from(questions)
      .where(and(eq(questions.id, qid), isShown(questions))),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
  return row;
}
