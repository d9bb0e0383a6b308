import { answers, questions, type Db } from '@app/db';
import type { CreateAnswerInput } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { EventBus } from '../events';
import type { AnswerView } from './question-shapes';
import { assertQuestionExists } from './question-exists';
import type { Viewer } from './sessions';

/** Answers as the viewer, now; the question's answer count and last activity move in the same transaction. */
export function createAnswer(
  db: Db,
  events: EventBus,
  viewer: Viewer,
  input: CreateAnswerInput,
): AnswerView {
  const now = new Date();
  const { answer, answerCount } = db.transaction((tx) => {
    assertQuestionExists(tx, input.qid);
    const { id } = tx
      .insert(answers)
      .values({ questionId: input.qid, text: input.text, ansBy: viewer.id, ansDateTime: now })
      .returning({ id: answers.id })
      .get();
    const row = tx
      .update(questions)
      .set({ answerCount: sql`${questions.answerCount} + 1`, lastActivityAt: now })
      .where(eq(questions.id, input.qid))
      .returning({ answerCount: questions.answerCount })
      .get();
    const answer: AnswerView = {
      id,
      text: input.text,
      ansBy: viewer.username,
      ansDateTime: now,
      comments: [],
    };
    return { answer, answerCount: row?.answerCount ?? 0 };
  });
  events.publish('question', {
    type: 'answered',
    qid: input.qid,
    answer,
    answerCount,
    lastActivityAt: now,
  });
  return answer;
}
