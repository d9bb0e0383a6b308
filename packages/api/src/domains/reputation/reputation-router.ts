import { ReputationHistoryInput, ReputationsInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure, publicProcedure } from '../../trpc';
import { reputationHistory, reputationsOf } from './reputation-reads';

export const reputationRouter = {
  /** The reputation shown next to each of these names: a page's authors. */
  byUsernames: publicProcedure
    .input(ReputationsInput)
    .query(({ ctx, input }) => reputationsOf(ctx.deps, input.usernames)),

  /** A user's reputation changes, newest first, a page at a time (the profile's history). */
  history: protectedProcedure
    .input(ReputationHistoryInput)
    .query(({ ctx, input }) => reputationHistory(ctx.deps, input)),
} satisfies TRPCRouterRecord;
