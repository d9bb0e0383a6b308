import { findSessionUser, type ApiDeps, type SessionStore } from '@app/api';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream } from 'pino';
import type { Logger } from '../ops/log';
import { clientAddressOf } from './context';
import { SESSION_COOKIE, type SessionCookies } from './session';

/** Which part of the server answered: tRPC, the REST paths (SPEC §7), the web app's files, health. */
export type Door = 'trpc' | 'rest' | 'static' | 'health';

/** An X-Request-Id a proxy or client sent is kept when it is a plain token; otherwise a new one. */
const SANE_REQUEST_ID = /^[\w.:+/=-]{1,128}$/;
const ROUTE_MAX = 200;

// What the request's line needs, kept on the request itself (symbol keys: a WeakMap per request
// measurably slowed the hottest reads).
const ID = Symbol('requestId');
const DOOR = Symbol('door');
const SESSION = Symbol('session');
type Tagged = IncomingMessage & { [ID]?: string; [DOOR]?: Door; [SESSION]?: SessionStore };

/** The request's id (as logged and answered in X-Request-Id), for log lines written while it runs. */
export const requestIdOf = (req: IncomingMessage): string | undefined => (req as Tagged)[ID];

/** Says which door answered the request (http-handler.ts), for its log line. */
export function markDoor(req: IncomingMessage, door: Door): void {
  (req as Tagged)[DOOR] = door;
}

/** Remembers the session store of a request's context: after a sign-in it holds the new session. */
export function noteSession(req: IncomingMessage, session: SessionStore): void {
  (req as Tagged)[SESSION] = session;
}

export interface RequestLog {
  /**
   * Gives the request its id and logs one line when it ends. Answers the id, for the caller to send
   * back in X-Request-Id (http-handler.ts adds it with the other headers, in one go).
   */
  start(req: IncomingMessage, res: ServerResponse): string;
}

const USER_IDS = 10_000;
const USER_ID_TTL_MS = 60_000;
/** Request lines wait at most one turn of the event loop, or until this many characters. */
const BATCH_CHARS = 64 * 1024;

const pendingWriters = new Set<() => void>();
// Whatever is still waiting goes out when the process exits (a stop, or a start-up error).
process.once('exit', () => {
  for (const flush of pendingWriters) flush();
});

/**
 * Request lines in pino's format, written to the logger's own destination: built by hand (their
 * fields are fixed and hold nothing to redact) and written together once per turn of the event loop.
 * A busy server writes one line per request, so this is its hottest log call: measured, pino's
 * general path cost about as much CPU as serving a cached read.
 */
function requestLineWriter(logger: Logger): (level: 'info' | 'error', fields: string) => void {
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  const pid = process.pid;
  let pending = '';
  const flush = () => {
    pendingWriters.delete(flush);
    if (!pending || !stream) return;
    const out = pending;
    pending = '';
    stream.write(out);
  };
  return (level, fields) => {
    pending += `{"level":"${level}","time":${Date.now()},"pid":${pid},${fields},"msg":"request"}\n`;
    if (pending.length >= BATCH_CHARS) flush();
    else if (!pendingWriters.has(flush)) {
      pendingWriters.add(flush);
      setImmediate(flush);
    }
  };
}

/**
 * The request log of one server. The user id comes from the session a request's context ended with
 * (a sign-in's new one), else the cookie it came with; it is remembered for a minute per session,
 * so a busy reader costs one look-up a minute, not one a request.
 *
 * This memory needs no invalidation, so it stays out of the read cache: a session id is random and
 * belongs to one user for its whole life, so the id remembered is never another user's. A session
 * that ends (sign-out, password change, deleted account) only makes the line of a request still
 * presenting it name the user it belonged to for up to a minute, which is what the line is for;
 * nothing is allowed or refused from it (every door's context checks the session itself).
 */
export function createRequestLog(
  logger: Logger,
  deps: Pick<ApiDeps, 'db'>,
  cookies: SessionCookies,
): RequestLog {
  const userIds = new Map<string, { userId: number | null; until: number }>();
  const writeLine = requestLineWriter(logger);

  async function lookUp(sid: string, now: number): Promise<number | null> {
    const viewer = await findSessionUser(deps.db, sid, now);
    if (userIds.size >= USER_IDS) userIds.clear();
    userIds.set(sid, { userId: viewer?.id ?? null, until: now + USER_ID_TTL_MS });
    return viewer?.id ?? null;
  }

  /** Synchronous when nothing needs reading (no session, or one seen within the minute). */
  function userIdOf(req: IncomingMessage): number | null | Promise<number | null> {
    const sid = (req as Tagged)[SESSION]?.sessionId ?? null;
    if (!sid) {
      if (!req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return null;
      return cookies
        .upgradeStore(req)
        .then((store) => (store.sessionId ? userIdOfSession(store.sessionId) : null));
    }
    return userIdOfSession(sid);
  }

  function userIdOfSession(sid: string): number | null | Promise<number | null> {
    const now = Date.now();
    const known = userIds.get(sid);
    return known && known.until > now ? known.userId : lookUp(sid, now);
  }

  function write(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    url: string,
    started: number,
  ) {
    const status = res.statusCode;
    const level = status >= 500 ? 'error' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const query = url.indexOf('?');
    let route = query < 0 ? url : url.slice(0, query);
    if (route.length > ROUTE_MAX) route = `${route.slice(0, ROUTE_MAX)}…`;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    let fields =
      `"reqId":${JSON.stringify(id)},"door":"${(req as Tagged)[DOOR] ?? 'rest'}",` +
      `"method":${JSON.stringify(req.method ?? '')},"route":${JSON.stringify(route)},` +
      `"status":${status},"ms":${ms},"ip":${JSON.stringify(clientAddressOf(req))}`;
    if (!res.writableFinished) fields += ',"aborted":true';
    const emit = (userId: number | null) =>
      writeLine(level, userId === null ? fields : `${fields},"userId":${userId}`);
    const userId = userIdOf(req);
    if (userId instanceof Promise) userId.then(emit, () => emit(null));
    else emit(userId);
  }

  return {
    start(req, res) {
      const header = req.headers['x-request-id'];
      const id = typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
      (req as Tagged)[ID] = id;
      const started = performance.now();
      // As it came: Express rewrites req.url inside its routers.
      const url = req.url ?? '';
      // 'close' follows 'finish', and comes alone when the client went away first.
      res.on('close', () => write(req, res, id, url, started));
      return id;
    },
  };
}
