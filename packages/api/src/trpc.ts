/**
 * 1. INITIALIZATION: one tRPC instance, superjson (dates survive the wire; see transformer.ts), and an error
 *    formatter that turns validation failures into the first clear sentence.
 */
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';
import { authMessages, transportMessages } from '@app/validators';
import type { Context } from './context';
import { findSessionUser } from './services/users/sessions';
import { transformer, UnreadableInputError } from './transformer';

/** Transport-level failures carry the parser's or adapter's words; users get ours. */
function plainMessage(code: TRPC_ERROR_CODE_KEY, message: string): string {
  switch (code) {
    case 'INTERNAL_SERVER_ERROR':
      return 'Something went wrong on our side. Please try again.';
    case 'PARSE_ERROR':
      return transportMessages.malformed;
    case 'PAYLOAD_TOO_LARGE':
      return transportMessages.tooLarge;
    default:
      return message;
  }
}

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: zod
        ? (zod.issues[0]?.message ?? 'Invalid input')
        : error.cause instanceof SyntaxError || error.cause instanceof UnreadableInputError
          ? transportMessages.malformed
          : plainMessage(error.code, shape.message),
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
export const publicProcedure = t.procedure.use(async ({ ctx, type, next }) => {
  // The socket carries live updates only: a change made over it could come from a page the
  // same-origin check let through but the browser's CSRF defences never saw.
  if (ctx.transport === 'ws' && type !== 'subscription') {
    throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: transportMessages.httpOnly });
  }
  const viewer = ctx.session.sessionId
    ? await findSessionUser(ctx.deps.db, ctx.session.sessionId)
    : null;
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
