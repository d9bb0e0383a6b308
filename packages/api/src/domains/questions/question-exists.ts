import { firstRow, questions, type Db, type Executor } from '@app/db';
import { questionMessages } from '@app/validators';
import { and, eq, sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import { isShown } from './visibility';

// Every answer, comment and vote on a question starts here: built once per connection (inside a
// write, the transaction's handle: on SQLite the one writer connection).
const shownQuestion = perDb((db) =>
  db
    .select({ closedAt: questions.closedAt, askedBy: questions.askedBy })
    .from(questions)
    .where(and(eq(questions.id, sql.placeholder('qid')), isShown(questions)))
    .prepare(),
);

/**
 * NOT_FOUND ('Question not found') unless the question exists and everyone sees it (a deleted or
 * hidden question takes no answers, comments or votes); inside a write's transaction. Says when it
 * was closed (null while open), for the writes a closed question refuses, and who asked it, for
 * the notification an answer or comment sends.
 */
export async function assertQuestionExists(
  db: Executor,
  qid: number,
): Promise<{ closedAt: Date | null; askedBy: number }> {
  const row = await firstRow(shownQuestion(db as Db).execute({ qid }));
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
  return row;
}
