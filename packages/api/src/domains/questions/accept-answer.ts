import { dialect, firstRow, returnedRow, questions } from '@app/db';
import { answerMessages, type AcceptAnswerInput } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction, type WriteScope } from '../../core/write';
import { notifyAccepted } from '../notifications/notify';
import { applyReputation, lockPostForReputation } from '../reputation/reputation';
import { acceptanceChangeDeltas, type Acceptance } from '../reputation/rules';
import { findAnswer } from './answer-exists';

/** An answer's acceptance as reputation counts it: none for a deleted answer (it earns nothing). */
async function acceptanceOf(
  tx: WriteScope['tx'],
  askerId: number,
  answerId: number | null,
): Promise<(Acceptance & { answerId: number }) | null> {
  if (answerId === null) return null;
  const answer = await lockPostForReputation(tx, 'answer', answerId);
  if (!answer || answer.deleted) return null;
  return { askerId, answererId: answer.authorId, answerId };
}

/**
 * Marks the answer as its question's accepted one (replacing any other), or with `accepted: false`
 * takes the acceptance back if it is this answer's. Only the asker may: FORBIDDEN for anyone else.
 * The 'accepted' event carries the question's accepted answer now and its accept version. The
 * answerer's +15 and the asker's +2 follow the acceptance in the same transaction: a replaced or
 * withdrawn acceptance gives them back.
 */
export function setAcceptedAnswer(
  deps: ApiDeps,
  viewer: Viewer,
  input: AcceptAnswerInput & { accepted: boolean },
): Promise<{ acceptedAnswerId: number | null; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async (scope) => {
    const { tx, now, publish } = scope;
    const { qid } = await findAnswer(tx, input.answerId);
    // The accepted answer is read, then replaced: the question's row is this write's until it ends.
    await dialect.lockRows(tx, questions, eq(questions.id, qid));
    const question = await firstRow(
      tx
        .select({ askedBy: questions.askedBy, acceptedAnswerId: questions.acceptedAnswerId })
        .from(questions)
        .where(eq(questions.id, qid)),
    );
    if (question?.askedBy !== viewer.id)
      throw new Refusal({ code: 'FORBIDDEN', message: answerMessages.onlyAskerAccepts });
    const acceptedAnswerId = input.accepted
      ? input.answerId
      : question.acceptedAnswerId === input.answerId
        ? null
        : question.acceptedAnswerId;
    const { acceptVersion } = await returnedRow(
      tx
        .update(questions)
        .set({ acceptedAnswerId, acceptVersion: sql`${questions.acceptVersion} + 1` })
        .where(eq(questions.id, qid))
        .returning({ acceptVersion: questions.acceptVersion }),
    );
    if (acceptedAnswerId !== question.acceptedAnswerId) {
      const deltas = acceptanceChangeDeltas(
        await acceptanceOf(tx, viewer.id, question.acceptedAnswerId),
        await acceptanceOf(tx, viewer.id, acceptedAnswerId),
      );
      await applyReputation(scope, deltas, {
        questionId: qid,
        answerId: acceptedAnswerId ?? question.acceptedAnswerId,
      });
    }
    const event = publish('question', qid, {
      type: 'accepted',
      qid,
      acceptedAnswerId,
      acceptVersion,
    });
    if (input.accepted)
      await notifyAccepted({ tx, now, publish }, viewer, { qid, answerId: input.answerId });
    return { acceptedAnswerId, event };
  });
}
