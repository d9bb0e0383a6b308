import { CreateAnswerInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { createAnswer } from '../services/questions/create-answer';
import { protectedProcedure } from '../trpc';

export const answerRouter = {
  create: protectedProcedure
    .input(CreateAnswerInput)
    .mutation(({ ctx, input }) => createAnswer(ctx.deps, ctx.viewer, input)),
} satisfies TRPCRouterRecord;
