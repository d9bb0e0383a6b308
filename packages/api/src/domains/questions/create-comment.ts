import { firstRow, comments, questions, type Executor } from '@app/db';
import { questionMessages, type CreateCommentInput } from '@app/validators';
import { eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyNewComment } from '../notifications/notify';
import { findAnswer } from './answer-exists';
import { withinPostLimits } from './post-limits';
import { assertQuestionExists } from './question-exists';
import { commentSentWith } from './send-keys';
import type { CommentView } from './shapes';

/** The question a comment's parent belongs to; NOT_FOUND when the parent does not exist. */
async function questionOfParent(
  tx: Executor,
  input: Pick<CreateCommentInput, 'id' | 'type'>,
): Promise<number> {
  if (input.type === 'question') {
    await assertQuestionExists(tx, input.id);
    return input.id;
  }
  return (await findAnswer(tx, input.id)).qid;
}

/**
 * Comments on a question or an answer as the viewer, within their limits — unless the viewer's device
 * sent this comment on that post before (the same key): then that comment is the answer, and nothing
 * is posted, published or counted.
 */
export async function createCommentOnce(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateCommentInput,
): Promise<{ comment: CommentView; event: PublishedEvent<'question'> | null }> {
  const sent = input.sendKey ? await commentSentWith(deps, viewer, input, input.sendKey) : null;
  if (sent) return { comment: sent, event: null };
  return withinPostLimits(deps, viewer, ['comments'], input, () =>
    createComment(deps, viewer, input),
  );
}

/** Comments on a question or an answer as the viewer, now; the question's last activity moves too. */
export function createComment(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateCommentInput,
): Promise<{ comment: CommentView; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const qid = await questionOfParent(tx, input);
    const parent = input.type === 'question' ? { questionId: input.id } : { answerId: input.id };
    const row = await firstRow(
      tx
        .insert(comments)
        .values({
          ...parent,
          text: input.text,
          commentBy: viewer.id,
          commentDateTime: now,
          sendKey: input.sendKey,
        })
        .onConflictDoNothing()
        .returning({ id: comments.id }),
    );
    // Only a send with the same key racing this one can take its place.
    if (!row) throw new Refusal({ code: 'CONFLICT', message: questionMessages.sentAlready });
    const { id } = row;
    await tx.update(questions).set({ lastActivityAt: now }).where(eq(questions.id, qid));
    const comment: CommentView = {
      id,
      text: input.text,
      commentBy: viewer.username,
      commentDateTime: now,
    };
    const event = publish('question', qid, {
      type: 'commented',
      qid,
      parent: { type: input.type, id: input.id },
      comment,
      lastActivityAt: now,
    });
    const answerId = input.type === 'answer' ? input.id : null;
    await notifyNewComment(
      { tx, now, publish },
      viewer,
      { qid, answerId, commentId: id },
      input.text,
    );
    return { comment, event };
  });
}
