import { boundTo, firstRow, returnedRow, answers, questions, type Db } from '@app/db';
import { closeMessages, questionMessages, type CreateAnswerInput } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyNewAnswer } from '../notifications/notify';
import { Refusal } from '../../core/errors';
import { withinPostLimits } from './post-limits';
import { assertQuestionExists } from './question-exists';
import { answerSentWith } from './send-keys';
import type { AnswerView } from './shapes';

/**
 * Answers as the viewer, within their limits — unless the viewer's device sent this answer to the
 * question before (the same key): then that answer is the answer, and nothing is posted, published or
 * counted.
 */
export async function createAnswerOnce(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateAnswerInput,
): Promise<{ answer: AnswerView; event: PublishedEvent<'question'> | null }> {
  const sent = input.sendKey ? await answerSentWith(deps, viewer, input.qid, input.sendKey) : null;
  if (sent) return { answer: sent, event: null };
  return withinPostLimits(deps, viewer, ['answers'], input, () =>
    createAnswer(deps, viewer, input),
  );
}

// An answer's two writes, built once per connection (the write transaction's handle: on SQLite the
// one writer connection).
const insertAnswer = perDb((db) =>
  db
    .insert(answers)
    .values({
      questionId: sql.placeholder('qid'),
      text: sql.placeholder('text'),
      ansBy: sql.placeholder('ansBy'),
      ansDateTime: sql.placeholder('now'),
      sendKey: sql.placeholder('sendKey'),
    })
    .onConflictDoNothing()
    .returning({ id: answers.id })
    .prepare(),
);

// An update's placeholder is bound as it is given: `now` as the column keeps it (boundTo).
const countAnswer = perDb((db) =>
  db
    .update(questions)
    .set({
      answerCount: sql`${questions.answerCount} + 1`,
      lastActivityAt: sql`${sql.placeholder('now')}`,
    })
    .where(eq(questions.id, sql.placeholder('qid')))
    .returning({ answerCount: questions.answerCount })
    .prepare(),
);

/** Answers as the viewer, now; the question's answer count and last activity move in the same transaction. */
export function createAnswer(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateAnswerInput,
): Promise<{ answer: AnswerView; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const { closedAt, askedBy } = await assertQuestionExists(tx, input.qid);
    if (closedAt) throw new Refusal({ code: 'FORBIDDEN', message: closeMessages.closedNoAnswers });
    const inserted = await firstRow(
      insertAnswer(tx as Db).execute({
        qid: input.qid,
        text: input.text,
        ansBy: viewer.id,
        now,
        sendKey: input.sendKey ?? null,
      }),
    );
    // Only a send with the same key racing this one can take its place.
    if (!inserted) throw new Refusal({ code: 'CONFLICT', message: questionMessages.sentAlready });
    const { id } = inserted;
    const row = await returnedRow(
      countAnswer(tx as Db).execute({
        now: boundTo(questions.lastActivityAt, now.getTime()),
        qid: input.qid,
      }),
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
      askedBy,
    );
    return { answer, event };
  });
}
