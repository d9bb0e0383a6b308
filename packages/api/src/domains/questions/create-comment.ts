import { boundTo, firstRow, comments, questions, type Db, type Executor } from '@app/db';
import { questionMessages, type CreateCommentInput } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyNewComment } from '../notifications/notify';
import { findAnswer } from './answer-exists';
import { withinPostLimits } from './post-limits';
import { assertQuestionExists } from './question-exists';
import { commentSentWith } from './send-keys';
import type { CommentView } from './shapes';

/**
 * The question a comment's parent belongs to, and the parent's author (told of the comment);
 * NOT_FOUND when the parent does not exist.
 */
async function parentOf(
  tx: Executor,
  input: Pick<CreateCommentInput, 'id' | 'type'>,
): Promise<{ qid: number; authorId: number }> {
  if (input.type === 'question') {
    const { askedBy } = await assertQuestionExists(tx, input.id);
    return { qid: input.id, authorId: askedBy };
  }
  const { qid, ansBy } = await findAnswer(tx, input.id);
  return { qid, authorId: ansBy };
}

// A comment's two writes, built once per connection (the write transaction's handle: on SQLite the
// one writer connection). The parent is one of questionId and answerId, the other null.
const insertComment = perDb((db) =>
  db
    .insert(comments)
    .values({
      questionId: sql.placeholder('questionId'),
      answerId: sql.placeholder('answerId'),
      text: sql.placeholder('text'),
      commentBy: sql.placeholder('commentBy'),
      commentDateTime: sql.placeholder('now'),
      sendKey: sql.placeholder('sendKey'),
    })
    .onConflictDoNothing()
    .returning({ id: comments.id })
    .prepare(),
);

// An update's placeholder is bound as it is given: `now` as the column keeps it (boundTo).
const touchQuestion = perDb((db) =>
  db
    .update(questions)
    .set({ lastActivityAt: sql`${sql.placeholder('now')}` })
    .where(eq(questions.id, sql.placeholder('qid')))
    .prepare(),
);

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
    const { qid, authorId } = await parentOf(tx, input);
    const row = await firstRow(
      insertComment(tx as Db).execute({
        questionId: input.type === 'question' ? input.id : null,
        answerId: input.type === 'answer' ? input.id : null,
        text: input.text,
        commentBy: viewer.id,
        now,
        sendKey: input.sendKey ?? null,
      }),
    );
    // Only a send with the same key racing this one can take its place.
    if (!row) throw new Refusal({ code: 'CONFLICT', message: questionMessages.sentAlready });
    const { id } = row;
    await touchQuestion(tx as Db).execute({
      now: boundTo(questions.lastActivityAt, now.getTime()),
      qid,
    });
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
      authorId,
    );
    return { comment, event };
  });
}
