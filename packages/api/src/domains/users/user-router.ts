import { ResetPasswordInput, UpdateBiographyInput, UsernameInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { liveStream } from '../../events/live-stream';
import { limitedProcedure, protectedProcedure } from '../../trpc';
import { deleteUser, getUser, listUsers, resetPassword, updateBiography } from './profiles';

export const userRouter = {
  list: protectedProcedure
    .input(z.object({ filter: z.string().max(100).default('') }).default({ filter: '' }))
    .query(({ ctx, input }) => listUsers(ctx.deps, input.filter)),

  byUsername: protectedProcedure
    .input(UsernameInput)
    .query(({ ctx, input }) => getUser(ctx.deps, input.username)),

  updateBiography: limitedProcedure('biographies')
    .input(UpdateBiographyInput)
    .mutation(({ ctx, input }) => updateBiography(ctx.deps, ctx.viewer, input)),

  resetPassword: limitedProcedure('passwordResets')
    .input(ResetPasswordInput)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.deps, ctx.viewer, input);
      return { ok: true as const };
    }),

  delete: protectedProcedure.input(UsernameInput).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx.deps, ctx.viewer, input.username);
    await ctx.session.clear();
    return { ok: true as const };
  }),

  /** User created / updated / deleted, resumable from the last event id the client saw. */
  onUserChanged: protectedProcedure
    .input(z.object({ lastEventId: z.string().nullish() }).optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, { topic: 'user', lastEventId: input?.lastEventId }),
    ),
} satisfies TRPCRouterRecord;
