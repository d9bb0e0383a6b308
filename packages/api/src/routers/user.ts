import { ResetPasswordInput, UpdateBiographyInput, UsernameInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { streamTopic } from '../events';
import { whileSignedIn } from '../live-session';
import { deleteUser, getUser, listUsers, resetPassword, updateBiography } from '../services/users';
import { protectedProcedure } from '../trpc';

export const userRouter = {
  list: protectedProcedure
    .input(z.object({ filter: z.string().max(100).default('') }).default({ filter: '' }))
    .query(({ ctx, input }) => listUsers(ctx.db, input.filter)),

  byUsername: protectedProcedure
    .input(UsernameInput)
    .query(({ ctx, input }) => getUser(ctx.db, input.username)),

  updateBiography: protectedProcedure
    .input(UpdateBiographyInput)
    .mutation(({ ctx, input }) => updateBiography(ctx.db, ctx.events, ctx.viewer, input)),

  resetPassword: protectedProcedure.input(ResetPasswordInput).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx.db, ctx.viewer, input);
    return { ok: true as const };
  }),

  delete: protectedProcedure.input(UsernameInput).mutation(async ({ ctx, input }) => {
    deleteUser(ctx.db, ctx.events, ctx.viewer, input.username);
    await ctx.session.clear();
    return { ok: true as const };
  }),

  /** User created / updated / deleted, resumable from the last event id the client saw. */
  onUserChanged: protectedProcedure
    .input(z.object({ lastEventId: z.string().nullish() }).optional())
    .subscription(({ ctx, input, signal }) =>
      streamTopic(
        ctx.events,
        'user',
        input?.lastEventId,
        whileSignedIn(ctx.db, ctx.viewer, signal),
      ),
    ),
} satisfies TRPCRouterRecord;
