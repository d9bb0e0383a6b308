import { CommentIdInput, CreateCommentInput, UpdateCommentInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { limitedProcedure, writerProcedure } from '../../trpc';
import { createCommentOnce } from './create-comment';
import { setPostDeleted } from './delete-post';
import { editComment } from './edit-comment';

export const commentRouter = {
  /**
   * On a question (`type: 'question'`, `id` = its qid) or on an answer (`type: 'answer'`, `id` = its
   * id). Counted against the limit inside: a comment sent again with its key is not counted.
   */
  create: writerProcedure
    .input(CreateCommentInput)
    .mutation(({ ctx, input }) => createCommentOnce(ctx.deps, ctx.viewer, input)),

  /** Only its author, for five minutes after posting it. */
  update: limitedProcedure('edits')
    .input(UpdateCommentInput)
    .mutation(({ ctx, input }) => editComment(ctx.deps, ctx.viewer, input)),

  /** Its author or a moderator. */
  delete: limitedProcedure('edits')
    .input(CommentIdInput)
    .mutation(({ ctx, input }) =>
      setPostDeleted(ctx.deps, ctx.viewer, { type: 'comment', id: input.commentId }, true),
    ),

  /** Its author (when they deleted it) or a moderator brings it back. */
  undelete: limitedProcedure('edits')
    .input(CommentIdInput)
    .mutation(({ ctx, input }) =>
      setPostDeleted(ctx.deps, ctx.viewer, { type: 'comment', id: input.commentId }, false),
    ),
} satisfies TRPCRouterRecord;
