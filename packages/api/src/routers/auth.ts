import { LoginInput, SignupInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { logIn, signUp } from '../services/auth';
import { endSession } from '../services/sessions';
import { getUser } from '../services/users';
import { publicProcedure } from '../trpc';

export const authRouter = {
  signup: publicProcedure.input(SignupInput).mutation(async ({ ctx, input }) => {
    const { user, sessionId } = await signUp(ctx.db, ctx.events, input);
    await ctx.session.save(sessionId);
    return user;
  }),

  login: publicProcedure.input(LoginInput).mutation(async ({ ctx, input }) => {
    const { user, sessionId } = await logIn(ctx.db, ctx.limiters, ctx.clientAddress, input);
    await ctx.session.save(sessionId);
    return user;
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session.sessionId) endSession(ctx.db, ctx.session.sessionId);
    await ctx.session.clear();
    return { ok: true as const };
  }),

  /** Who am I: the signed-in user, or null. The web app calls it on load to restore the session. */
  me: publicProcedure.query(({ ctx }) =>
    ctx.viewer ? getUser(ctx.db, ctx.viewer.username) : null,
  ),
} satisfies TRPCRouterRecord;
