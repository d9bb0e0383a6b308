import { appRouter, sessionViewer, type ReadCache } from '@app/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import {
  authMessages,
  invalidIdSentence,
  notAnObjectSentence,
  transportMessages,
  type RestPayload,
} from '@app/validators';
import type { Request, RequestHandler, Response } from 'express';
import type { ServerResponse } from 'node:http';
import type { CreateRequestContext } from '../../http/context';
import { requestIdOf } from '../../http/request-log';
import type { Logger } from '../../ops/log';

export type Caller = ReturnType<typeof appRouter.createCaller>;

/** What every REST route is built with: the request's context, and where its failures are logged. */
export interface RestDoor {
  createRequestContext: CreateRequestContext;
  log: Logger;
}

/** An answer decided by the adapter itself (a payload it cannot read, someone else's name). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Marks a route handler restRoute built, which the direct door may call without Express. */
export const DIRECT = Symbol('direct');

/**
 * An answer already written as JSON (a route that keeps parts of it), as text or as its UTF-8
 * bytes, whole or in pieces sent one after the other, as it is.
 */
export class JsonText {
  constructor(readonly text: string | Buffer | readonly Buffer[]) {}
}

/**
 * A 200 with a JSON answer. A GET's goes through Express (its ETag, and a 304 to a client that holds
 * it); any other method's answer is never asked for again by its tag, so none is made (Express
 * hashes the whole body to make one).
 */
function sendJson(req: Request, res: Response, text: JsonText['text']): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const body = typeof text === 'string' || Buffer.isBuffer(text) ? text : Buffer.concat(text);
    res.status(200).type('application/json; charset=utf-8').send(body);
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (typeof text === 'string' || Buffer.isBuffer(text)) {
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
    return;
  }
  // The pieces go out in one write (corked), none of them copied into a whole first.
  res.setHeader(
    'Content-Length',
    text.reduce((sum, piece) => sum + piece.length, 0),
  );
  res.cork();
  for (const piece of text) res.write(piece);
  res.end();
}

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
    if (status >= 500) return { status, message: transportMessages.unexpected };
    return { status, message: error.message };
  }
  return { status: 500, message: transportMessages.unexpected };
}

export function sendError(res: ServerResponse, error: unknown, log: Logger): void {
  const { status, message } = errorAnswer(error);
  if (status >= 500) log.error({ reqId: requestIdOf(res.req), err: error }, 'REST call failed');
  sendText(res, status, message);
}

/** A sentence as a plain-text answer (Node's own response: the direct door has no Express). */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

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
  /** The process's read cache, for a route that answers from a kept body. */
  readCache: ReadCache;
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
  throw new RestError(400, firstIssue(read.error) ?? transportMessages.malformed);
}

/**
 * An Express handler around a REST adapter: reads the body with the route's payload schema (when it
 * has one), builds the caller from the request's context, answers 200 with the adapter's JSON (Dates
 * as ISO strings), or maps the failure to a status and a sentence.
 */
export function restRoute(door: RestDoor, handler: RestHandler): RequestHandler;
export function restRoute<Body>(
  door: RestDoor,
  payload: RestPayload<Body>,
  handler: RestHandler<Body>,
): RequestHandler;
export function restRoute<Body>(
  door: RestDoor,
  ...args: [RestHandler] | [RestPayload<Body>, RestHandler<Body>]
): RequestHandler {
  const [payload, handler] = args.length === 1 ? [undefined, args[0]] : args;
  const route: RequestHandler & { [DIRECT]?: true } = async (req, res) => {
    // A code run (or anything else that honours the signal) is given up once nobody waits for it.
    const request = new AbortController();
    const gone = () => {
      if (!res.writableFinished) request.abort();
    };
    res.once('close', gone);
    if (req.socket.destroyed) gone();
    try {
      const body = (payload ? readPayload(payload, req.body) : undefined) as Body;
      const context = await door.createRequestContext({ req, res, transport: 'http' });
      // One request, several calls: the session is read once for all of them and this adapter.
      context.viewersThisRequest = new Map();
      const caller = appRouter.createCaller(context, { signal: request.signal });
      // Who is signed in, as every procedure reads it (auth.me would read their profile too).
      const me = async () => {
        const name = (await sessionViewer(context))?.username;
        if (!name) throw new RestError(401, authMessages.notSignedIn);
        return name;
      };
      const tools: RestTools<Body> = {
        caller,
        me,
        async requireSelf(username) {
          const name = await me();
          if (username !== undefined && username !== null && username !== name)
            throw new RestError(403, authMessages.notYourself);
          return name;
        },
        body,
        signal: request.signal,
        get readCache() {
          return context.deps.readCache;
        },
      };
      const answer = await (handler as RestHandler<Body>)(req, res, tools);
      if (!res.headersSent)
        sendJson(
          req,
          res,
          answer instanceof JsonText ? answer.text : JSON.stringify(answer ?? { ok: true }),
        );
    } catch (error) {
      if (!res.headersSent) sendError(res, error, door.log);
    }
  };
  // It reads only the body, the route's params and what Node's own request and response have
  // (sendJson answers a POST, and sendError any, without Express's methods): the direct door
  // (direct-writes.ts) may call it without Express.
  route[DIRECT] = true;
  return route;
}

/** restRoute with the door given once, for a router's routes. */
export function routesWith(door: RestDoor) {
  function route(handler: RestHandler): RequestHandler;
  function route<Body>(payload: RestPayload<Body>, handler: RestHandler<Body>): RequestHandler;
  function route<Body>(...args: [RestHandler] | [RestPayload<Body>, RestHandler<Body>]) {
    return args.length === 1 ? restRoute(door, args[0]) : restRoute(door, args[0], args[1]);
  }
  return route;
}

/** Payload helpers: a 400 with a sentence for what cannot be read. */
export function objectOf(value: unknown, what = 'The request body'): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>;
  throw new RestError(400, notAnObjectSentence(what));
}

export function idOf(value: unknown, what: string): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  throw new RestError(400, invalidIdSentence(what));
}
