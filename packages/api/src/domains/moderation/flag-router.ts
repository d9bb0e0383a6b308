import { CreateFlagInput, ModerationPageInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { limitedProcedure, protectedProcedure } from '../../trpc';
import { createFlag, listMyFlags } from './flags';

export const flagRouter = {
  /** The viewer flags a post or message: once per item, never their own; answers "received". */
  create: limitedProcedure('flags')
    .input(CreateFlagInput)
    .mutation(({ ctx, input }) => createFlag(ctx.deps, ctx.viewer, input)),

  /** The viewer's own flags, newest first, with what became of each. */
  mine: protectedProcedure
    .input(ModerationPageInput)
    .query(({ ctx, input }) => listMyFlags(ctx.deps, ctx.viewer, input)),
} satisfies TRPCRouterRecord;
