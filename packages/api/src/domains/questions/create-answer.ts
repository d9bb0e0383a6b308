import { returnedRow, answers, questions } from '@app/db';
import { closeMessages, type CreateAnswerInput } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyNewAnswer } from '../notifications/notify';
import { Refusal } from '../../core/errors';
import { assertQuestionExists } from './question-exists';
import type { AnswerView } from './shapes';

/** Answers as the viewer, now; the question's answer count and last activity move in the same transaction. */
export function createAnswer(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateAnswerInput,
): Promise<{ answer: AnswerView; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    if ((await assertQuestionExists(tx, input.qid)).closedAt)
      throw new Refusal({ code: 'FORBIDDEN', message: closeMessages.closedNoAnswers });
    const { id } = await returnedRow(
      tx
        .insert(answers)
        .values({ questionId: input.qid, text: input.text, ansBy: viewer.id, ansDateTime: now })
        .returning({ id: answers.id }),
    );
    const row = await returnedRow(
      tx
        .update(questions)
        .set({ answerCount: sql`${questions.answerCount} + 1`, lastActivityAt: now })
        .where(eq(questions.id, input.qid))
        .returning({ answerCount: questions.answerCount }),
    );
    const answer: AnswerView = {
      id,
      text: input.text,
      ansBy: viewer.username,
      ansDateTime: now,
      upVotes: [],
      downVotes: [],
      myVote: 0,
      voteScore: 0,
      voteVersion: 0,
      editedAt: null,
      revisionCount: 0,
      comments: [],
    };
    const event = publish('question', input.qid, {
      type: 'answered',
      qid: input.qid,
      answer,
      answerCount: row?.answerCount ?? 0,
      lastActivityAt: now,
    });
    await notifyNewAnswer(
      { tx, now, publish },
      viewer,
      { qid: input.qid, answerId: id },
      input.text,
    );
    return { answer, event };
  });
}
