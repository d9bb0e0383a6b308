/**
 * 1. INITIALIZATION: one tRPC instance, superjson (dates survive the wire; see transformer.ts), and an error
 *    formatter that puts every error in the user's words (core/errors.ts).
 */
import {
  authMessages,
  connectionMessages,
  moderationMessages,
  transportMessages,
} from '@app/validators';
import { initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import { sessionViewer, type Context } from './context';
import { Refusal, userMessage } from './core/errors';
import { transformer } from './core/transformer';
import { isModerator, isSuspended, type Viewer } from './core/viewer';
import { takeAllowances, type Allowance } from './core/write-limits';

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: userMessage(error),
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
/**
 * What every procedure checks first, before its input is parsed: answers the session's viewer (or
 * null) and, for a subscription on a WebSocket, the release of the place it holds.
 */
async function admit(
  ctx: Context,
  type: string,
  getRawInput: () => Promise<unknown>,
): Promise<{ viewer: Viewer | null; release: (() => void) | null }> {
  // The socket carries live updates only: a change made over it could come from a page the
  // same-origin check let through but the browser's CSRF defences never saw.
  if (ctx.transport === 'ws' && type !== 'subscription') {
    throw new Refusal({ code: 'METHOD_NOT_SUPPORTED', message: transportMessages.httpOnly });
  }
  // Written text drops it (validators' cleanText); a name, a search or a code it reaches in any
  // other field is refused here, for every door, before any query: PostgreSQL cannot hold it.
  // An input that cannot be read is the input parser's to report, after the viewer is known.
  if (holdsNul(await getRawInput().catch(() => undefined))) {
    throw new Refusal({ code: 'BAD_REQUEST', message: transportMessages.nulCharacter });
  }
  // A subscription on a WebSocket holds one of its places (section 4) until its stream ends.
  const release = ctx.transport === 'ws' ? openSubscription(ctx) : null;
  try {
    return { viewer: await sessionViewer(ctx), release };
  } catch (error) {
    release?.();
    throw error;
  }
}

/**
 * A kind of procedure: `check` turns the session's viewer (or null) into the one it runs as,
 * refusing who may not call it. Each kind is one middleware, not a chain of them: tRPC copies a
 * call's options at every middleware, a measurable part of a write's cost.
 */
const withViewer = <V>(check: (ctx: Context & { viewer: Viewer | null }) => V) =>
  t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
    const { viewer: found, release } = await admit(ctx, type, getRawInput);
    let viewer: V;
    try {
      viewer = check({ ...ctx, viewer: found });
    } catch (error) {
      release?.();
      throw error;
    }
    const result = await next({ ctx: { viewer } });
    if (!release) return result;
    if (!result.ok || !isAsyncIterable(result.data)) {
      release();
      return result;
    }
    return { ...result, data: releasedWhenDone(result.data, release) };
  });

/** Anyone, signed in or not: the viewer is null when signed out. */
export const publicProcedure = withViewer((ctx) => ctx.viewer);

/** Whether any string in a request's input (its keys too) holds U+0000; a loop, however deep. */
function holdsNul(input: unknown): boolean {
  const waiting = [input];
  for (
    let value = waiting.pop();
    waiting.length > 0 || value !== undefined;
    value = waiting.pop()
  ) {
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        waiting.push(inner);
      }
    }
  }
  return false;
}

/** The signed-in viewer, else UNAUTHORIZED: not signed in, or the session has ended. */
function signedIn(ctx: Context & { viewer: Viewer | null }): Viewer {
  if (!ctx.viewer) {
    throw new Refusal({
      code: 'UNAUTHORIZED',
      message: ctx.session.sessionId ? authMessages.sessionEnded : authMessages.notSignedIn,
    });
  }
  return ctx.viewer;
}

/**
 * A signed-in viewer who may write: refused while suspended (reading, signing in and out, marking
 * things read and deleting one's own account stay open). The suspension is read with the session
 * on every call, so it starts and ends on every door at once.
 */
function writer(ctx: Context & { viewer: Viewer | null }): Viewer {
  const viewer = signedIn(ctx);
  if (viewer.suspendedUntil && isSuspended(viewer)) {
    throw new Refusal({
      code: 'FORBIDDEN',
      message: moderationMessages.suspended(viewer.suspendedUntil),
    });
  }
  return viewer;
}

/** Signed in (signedIn above). */
export const protectedProcedure = withViewer(signedIn);

/** A signed-in write by a viewer who is not suspended (writer above). */
export const writerProcedure = withViewer(writer);

/** Only moderators (granted from the command line): FORBIDDEN for everyone else. */
export const moderatorProcedure = withViewer((ctx) => {
  const viewer = signedIn(ctx);
  if (!isModerator(viewer)) {
    throw new Refusal({ code: 'FORBIDDEN', message: moderationMessages.moderatorsOnly });
  }
  return viewer;
});

/**
 * A signed-in write counted against the viewer's limits (limits.ts) before it runs; a write that
 * fails (invalid input, refused, conflict) is handed back, as it wrote nothing. Every door (tRPC,
 * REST adapters, socket.io) calls the same procedures, so every door is limited the same way.
 */
export const limitedProcedure = (...allowances: Allowance[]) =>
  t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
    const { viewer: found, release } = await admit(ctx, type, getRawInput);
    // A write answers once: a subscription's place (none on a mutation) is released at its end.
    try {
      const viewer = writer({ ...ctx, viewer: found });
      const taken = await takeAllowances(ctx.deps, String(viewer.id), allowances, getRawInput);
      const result = await taken.during(() => next({ ctx: { viewer } }));
      if (!result.ok) await taken.refund();
      else await taken.settle();
      return result;
    } finally {
      release?.();
    }
  });

/** A write anyone may make (signing up), counted against the client's address. */
export const addressLimitedProcedure = (...allowances: Allowance[]) =>
  publicProcedure.use(async ({ ctx, getRawInput, next }) => {
    const taken = await takeAllowances(ctx.deps, ctx.clientAddress, allowances, getRawInput);
    const result = await taken.during(() => next());
    if (!result.ok) await taken.refund();
    else await taken.settle();
    return result;
  });

/**
 * 4. LIVE CONNECTIONS: subscriptions open on one WebSocket, counted per connection (the ws context is
 *    built once per connection). Past the cap the subscription is refused with TOO_MANY_REQUESTS and
 *    connectionMessages.tooManySubscriptions; the server closes that socket with the same reason.
 */
const openSubscriptions = new WeakMap<Context, number>();

function openSubscription(ctx: Context): () => void {
  const open = openSubscriptions.get(ctx) ?? 0;
  if (open >= ctx.deps.caps.subscriptionsPerSocket) {
    throw new Refusal({
      code: 'TOO_MANY_REQUESTS',
      message: connectionMessages.tooManySubscriptions,
    });
  }
  openSubscriptions.set(ctx, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openSubscriptions.set(ctx, Math.max(0, (openSubscriptions.get(ctx) ?? 1) - 1));
  };
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The same stream, calling `release` once when it ends, fails or is stopped (even before its first item). */
function releasedWhenDone(
  source: AsyncIterable<unknown>,
  release: () => void,
): AsyncIterable<unknown> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = source[Symbol.asyncIterator]();
      return {
        async next() {
          try {
            const item = await iterator.next();
            if (item.done) release();
            return item;
          } catch (error) {
            release();
            throw error;
          }
        },
        async return(value?: unknown) {
          release();
          return (await iterator.return?.(value)) ?? { done: true, value };
        },
        async throw(error?: unknown) {
          release();
          if (iterator.throw) return iterator.throw(error);
          throw error;
        },
      };
    },
  };
}
