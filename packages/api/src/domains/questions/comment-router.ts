import { CreateCommentInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { limitedProcedure } from '../../trpc';
import { createComment } from './create-comment';

export const commentRouter = {
  /** On a question (`type: 'question'`, `id` = its qid) or on an answer (`type: 'answer'`, `id` = its id). */
  create: limitedProcedure('comments')
    .input(CreateCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.deps, ctx.viewer, input)),
} satisfies TRPCRouterRecord;
