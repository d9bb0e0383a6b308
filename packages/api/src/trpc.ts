/**
 * 1. INITIALIZATION: one tRPC instance, superjson (dates survive the wire; see transformer.ts), and an error
 *    formatter that turns validation failures into the first clear sentence.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { authMessages } from '@app/validators';
import type { Context } from './context';
import { findSessionUser } from './services/sessions';
import { transformer } from './transformer';

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: zod
        ? (zod.issues[0]?.message ?? 'Invalid input')
        : internal
          ? 'Something went wrong on our side. Please try again.'
          : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: zod ? zod.flatten().fieldErrors : undefined,
      },
    };
  },
});

/** 2. ROUTER AND CALLER FACTORIES */
export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * 3. PROCEDURES: every procedure knows its viewer (or null), read from the session table on each call
 *    so a logged-out or reset session stops working at once, whichever door the call came through.
 */
export const publicProcedure = t.procedure.use(({ ctx, next }) => {
  const viewer = ctx.session.sessionId ? findSessionUser(ctx.db, ctx.session.sessionId) : null;
  return next({ ctx: { viewer } });
});

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: ctx.session.sessionId ? authMessages.sessionEnded : authMessages.notSignedIn,
    });
  }
  return next({ ctx: { viewer: ctx.viewer } });
});
