import { CreateAnswerInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { createAnswer } from '../services/answers';
import { protectedProcedure } from '../trpc';

export const answerRouter = {
  create: protectedProcedure
    .input(CreateAnswerInput)
    .mutation(({ ctx, input }) => createAnswer(ctx.db, ctx.events, ctx.viewer, input)),
} satisfies TRPCRouterRecord;
