import { appRouter } from '@app/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { transportMessages, type RestPayload } from '@app/validators';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { CreateRequestContext } from '../context';
import { log, requestIdOf } from '../log';

export type Caller = ReturnType<typeof appRouter.createCaller>;

/** An answer decided by the adapter itself (a payload it cannot read, someone else's name). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const restMessages = {
  notYourself: 'You can only act as yourself.',
  notSignedIn: 'Please sign in to continue.',
  unreadable: 'The request could not be read. Please send JSON.',
  unexpected: 'Something went wrong on the server. Please try again.',
} as const;

/** A validation failure's issues, whichever validator raised it (zod, or Standard Schema). */
function firstIssue(cause: unknown): string | null {
  const issues = (cause as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const message = (issues[0] as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : null;
}

/** Every failure as a status and one plain sentence: never a 500 for what the client sent. */
export function errorAnswer(error: unknown): { status: number; message: string } {
  if (error instanceof RestError) return { status: error.status, message: error.message };
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.code === 'BAD_REQUEST')
      return { status, message: firstIssue(error.cause) ?? error.message };
    if (status >= 500) return { status, message: restMessages.unexpected };
    return { status, message: error.message };
  }
  return { status: 500, message: restMessages.unexpected };
}

export function sendError(res: Response, error: unknown): void {
  const { status, message } = errorAnswer(error);
  if (status >= 500) log.error({ reqId: requestIdOf(res.req), err: error }, 'REST call failed');
  res.status(status).type('text/plain').send(message);
}

/** A path that names no call (nor a page): 404 and our sentence, not Express's HTML page. */
export const notFoundAnswer: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send(transportMessages.unknownRequest);
};

/**
 * What Express raises itself (a path it cannot decode: bad percent-encoding; a body it cannot read)
 * as a status and our sentence: never its HTML page, which shows the stack outside production.
 */
export const expressErrorAnswer: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 404
        ? transportMessages.unknownRequest
        : status === 413
          ? transportMessages.tooLarge
          : transportMessages.malformed;
    res.status(status).type('text/plain').send(message);
    return;
  }
  log.error({ reqId: requestIdOf(req), err: error }, 'HTTP request failed');
  res.status(500).type('text/plain').send(restMessages.unexpected);
};

export interface RestTools<Body = undefined> {
  /** The same procedures as /trpc, with this request's session, address and limits. */
  caller: Caller;
  /** The signed-in user's name, or a 401. */
  me(): Promise<string>;
  /** A name from the payload must be the signed-in user's (absent names are taken as theirs). */
  requireSelf(username: unknown): Promise<string>;
  /** The request body as its route's payload schema read it (undefined for a route without one). */
  body: Body;
  /** Aborted when the client goes away before its answer: the caller's procedures get it too. */
  signal: AbortSignal;
}

export type RestHandler<Body = undefined> = (
  req: Request,
  res: Response,
  tools: RestTools<Body>,
) => Promise<unknown>;

/**
 * The whole body read by the route's payload schema, before anything is called: a body that is no
 * JSON object, or a field missing or of the wrong type, is a 400 with the schema's sentence.
 */
function readPayload<Body>(payload: RestPayload<Body>, body: unknown): Body {
  objectOf(body);
  const read = payload.safeParse(body);
  if (read.success) return read.data;
  throw new RestError(400, firstIssue(read.error) ?? restMessages.unreadable);
}

/**
 * An Express handler around a REST adapter: reads the body with the route's payload schema (when it
 * has one), builds the caller from the request's context, answers 200 with the adapter's JSON (Dates
 * as ISO strings), or maps the failure to a status and a sentence.
 */
export function restRoute(
  createRequestContext: CreateRequestContext,
  handler: RestHandler,
): RequestHandler;
export function restRoute<Body>(
  createRequestContext: CreateRequestContext,
  payload: RestPayload<Body>,
  handler: RestHandler<Body>,
): RequestHandler;
export function restRoute<Body>(
  createRequestContext: CreateRequestContext,
  ...args: [RestHandler] | [RestPayload<Body>, RestHandler<Body>]
): RequestHandler {
  const [payload, handler] = args.length === 1 ? [undefined, args[0]] : args;
  const route: RequestHandler = async (req, res) => {
    // A code run (or anything else that honours the signal) is given up once nobody waits for it.
    const request = new AbortController();
    const gone = () => {
      if (!res.writableFinished) request.abort();
    };
    res.once('close', gone);
    if (req.socket.destroyed) gone();
    try {
      const body = (payload ? readPayload(payload, req.body) : undefined) as Body;
      const caller = appRouter.createCaller(
        await createRequestContext({ req, res, transport: 'http' }),
        { signal: request.signal },
      );
      let viewer: Promise<string | null> | undefined;
      const current = () => (viewer ??= caller.auth.me().then((user) => user?.username ?? null));
      const me = async () => {
        const name = await current();
        if (!name) throw new RestError(401, restMessages.notSignedIn);
        return name;
      };
      const tools: RestTools<Body> = {
        caller,
        me,
        async requireSelf(username) {
          const name = await me();
          if (username !== undefined && username !== null && username !== name)
            throw new RestError(403, restMessages.notYourself);
          return name;
        },
        body,
        signal: request.signal,
      };
      const answer = await (handler as RestHandler<Body>)(req, res, tools);
      if (!res.headersSent) res.status(200).json(answer ?? { ok: true });
    } catch (error) {
      if (!res.headersSent) sendError(res, error);
    }
  };
  return route;
}

/** restRoute with the context factory given once, for a router's routes. */
export function routesWith(createRequestContext: CreateRequestContext) {
  function route(handler: RestHandler): RequestHandler;
  function route<Body>(payload: RestPayload<Body>, handler: RestHandler<Body>): RequestHandler;
  function route<Body>(...args: [RestHandler] | [RestPayload<Body>, RestHandler<Body>]) {
    return args.length === 1
      ? restRoute(createRequestContext, args[0])
      : restRoute(createRequestContext, args[0], args[1]);
  }
  return route;
}

/** Payload helpers: a 400 with a sentence for what cannot be read. */
export function objectOf(value: unknown, what = 'The request body'): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>;
  throw new RestError(400, `${what} must be a JSON object.`);
}

export function idOf(value: unknown, what: string): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  throw new RestError(400, `Invalid ${what}`);
}
