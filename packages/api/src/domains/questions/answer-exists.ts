import { firstRow, answers, questions, type Db, type Executor } from '@app/db';
import { questionMessages } from '@app/validators';
import { and, eq, sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import { isShown } from './visibility';

// Every comment, vote, accept and edit on an answer starts here: built once per connection (inside
// a write, the transaction's handle: on SQLite the one writer connection).
const shownAnswer = perDb((db) =>
  db
    .select({ qid: answers.questionId, ansBy: answers.ansBy })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.id, sql.placeholder('answerId')), isShown(answers), isShown(questions)))
    .prepare(),
);

/**
 * The answer's question and author; NOT_FOUND ('Answer not found') when there is no such answer, or
 * when it or its question was deleted or hidden (nobody votes on, accepts or edits those).
 */
export async function findAnswer(
  db: Executor,
  answerId: number,
): Promise<{ qid: number; ansBy: number }> {
  const row = await firstRow(shownAnswer(db as Db).execute({ answerId }));
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.answerNotFound });
  return row;
}
