import { firstRow, answers, questions, type Executor } from '@app/db';
import { questionMessages } from '@app/validators';
import { and, eq } from 'drizzle-orm';
import { Refusal } from '../../core/errors';
import { isShown } from './visibility';

/**
 * The answer's question and author; NOT_FOUND ('Answer not found') when there is no such answer, or
 * when it or its question was deleted or hidden (nobody votes on, accepts or edits those).
 */
export async function findAnswer(
  db: Executor,
  answerId: number,
): Promise<{ qid: number; ansBy: number }> {
  const row = await firstRow(
    db
      .select({ qid: answers.questionId, ansBy: answers.ansBy })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(and(eq(answers.id, answerId), isShown(answers), isShown(questions))),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.answerNotFound });
  return row;
}
