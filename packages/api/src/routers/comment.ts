import { CreateCommentInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { createComment } from '../services/questions/create-comment';
import { limitedProcedure } from '../trpc';

export const commentRouter = {
  /** On a question (`type: 'question'`, `id` = its qid) or on an answer (`type: 'answer'`, `id` = its id). */
  create: limitedProcedure('comments')
    .input(CreateCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.deps, ctx.viewer, input)),
} satisfies TRPCRouterRecord;
