import { firstRow, answers, type Executor } from '@app/db';
import { questionMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { Refusal } from '../../core/errors';

/** The answer's question and author; NOT_FOUND ('Answer not found') when there is no such answer. */
export async function findAnswer(
  db: Executor,
  answerId: number,
): Promise<{ qid: number; ansBy: number }> {
  const row = await firstRow(
    db
      .select({ qid: answers.questionId, ansBy: answers.ansBy })
      .from(answers)
      .where(eq(answers.id, answerId)),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.answerNotFound });
  return row;
}
