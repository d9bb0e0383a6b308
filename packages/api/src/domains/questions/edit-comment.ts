import { answers, comments, firstRow, users } from '@app/db';
import { COMMENT_EDIT_WINDOW_MS, deletionMessages, type UpdateCommentInput } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import type { CommentView } from './shapes';

/**
 * The comment's author changes its text, within five minutes of posting it (Stack Overflow's rule:
 * a comment is a quick remark, not a post with a history, so no revision is kept).
 */
export function editComment(
  deps: ApiDeps,
  viewer: Viewer,
  input: UpdateCommentInput,
): Promise<{ comment: CommentView; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const row = await firstRow(
      tx
        .select({
          commentBy: comments.commentBy,
          username: users.username,
          commentDateTime: comments.commentDateTime,
          questionId: comments.questionId,
          answerId: comments.answerId,
          answerQid: sql<
            number | null
          >`(select ${answers.questionId} from ${answers} where ${answers.id} = ${comments.answerId})`,
          deletedAt: comments.deletedAt,
          hiddenAt: comments.hiddenAt,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.commentBy))
        .where(eq(comments.id, input.commentId)),
    );
    if (!row || row.deletedAt !== null || row.hiddenAt !== null)
      throw new Refusal({ code: 'NOT_FOUND', message: deletionMessages.commentNotFound });
    if (row.commentBy !== viewer.id)
      throw new Refusal({ code: 'FORBIDDEN', message: deletionMessages.onlyAuthorEditsComment });
    if (now.getTime() - row.commentDateTime.getTime() > COMMENT_EDIT_WINDOW_MS)
      throw new Refusal({ code: 'FORBIDDEN', message: deletionMessages.commentEditWindow });
    await tx
      .update(comments)
      .set({ text: input.text, editedAt: now })
      .where(eq(comments.id, input.commentId));
    const comment: CommentView = {
      id: input.commentId,
      text: input.text,
      commentBy: row.username,
      commentDateTime: row.commentDateTime,
      editedAt: now,
    };
    const parent =
      row.questionId !== null
        ? { type: 'question' as const, id: row.questionId }
        : { type: 'answer' as const, id: row.answerId ?? 0 };
    const qid = row.questionId ?? Number(row.answerQid);
    const event = publish('question', qid, { type: 'commentEdited', qid, parent, comment });
    return { comment, event };
  });
}
