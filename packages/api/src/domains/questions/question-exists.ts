import { firstRow, questions, type Executor } from '@app/db';
import { moderationMessages, questionMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { Refusal } from '../../core/errors';

/** NOT_FOUND ('Question not found') unless the question exists; inside a write's transaction. */
export async function assertQuestionExists(db: Executor, qid: number): Promise<void> {
  const row = await firstRow(
    db.select({ id: questions.id }).from(questions).where(eq(questions.id, qid)),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
}

/** CONFLICT with the sentence when a moderator has closed the question: it takes no new answers. */
export async function assertQuestionOpen(db: Executor, qid: number): Promise<void> {
  const row = await firstRow(
    db.select({ closedAt: questions.closedAt }).from(questions).where(eq(questions.id, qid)),
  );
  if (row?.closedAt) {
    throw new Refusal({ code: 'CONFLICT', message: moderationMessages.closedForAnswers });
  }
}
