import { LoginInput, SignupInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { addressLimitedProcedure, publicProcedure } from '../../trpc';
import { logIn, signUp } from './auth';
import { getSignedInUser, type SignedInUser } from './profiles';
import { endSession } from './sessions';

export const authRouter = {
  signup: addressLimitedProcedure('signups')
    .input(SignupInput)
    .mutation(async ({ ctx, input }) => {
      const { user, sessionId } = await signUp(ctx.deps, input);
      await ctx.session.save(sessionId);
      return user;
    }),

  login: publicProcedure.input(LoginInput).mutation(async ({ ctx, input }) => {
    const { user, sessionId } = await logIn(ctx.deps, ctx.clientAddress, input);
    await ctx.session.save(sessionId);
    return user;
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session.sessionId) await endSession(ctx.deps.db, ctx.session.sessionId);
    await ctx.session.clear();
    return { ok: true as const };
  }),

  /** Who am I: the signed-in user, or null. The web app calls it on load to restore the session. */
  me: publicProcedure.query(({ ctx }): Promise<SignedInUser | null> =>
    ctx.viewer ? getSignedInUser(ctx.deps, ctx.viewer) : Promise.resolve(null),
  ),
} satisfies TRPCRouterRecord;
