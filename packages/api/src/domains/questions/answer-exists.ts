import { answers, type Executor } from '@app/db';
import { questionMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { Refusal } from '../../core/errors';

/** The answer's question and author; NOT_FOUND ('Answer not found') when there is no such answer. */
export function findAnswer(db: Executor, answerId: number): { qid: number; ansBy: number } {
  const row = db
    .select({ qid: answers.questionId, ansBy: answers.ansBy })
    .from(answers)
    .where(eq(answers.id, answerId))
    .get();
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.answerNotFound });
  return row;
}
