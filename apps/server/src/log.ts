import { findSessionUser, type ApiDeps, type SessionStore } from '@app/api';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { clientAddressOf } from './context';
import { SESSION_COOKIE, type SessionCookies } from './session';

export type { Logger };

/**
 * The server's logs: one JSON object a line on stdout (pino), for a collector to read. Request lines
 * carry an id, the door, method, route (the path, never the query), status, duration, the client's
 * address and the signed-in user's id; never a password, a cookie, a session id or a Set-Cookie.
 */

const LEVELS: readonly LevelWithSilent[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** LOG_LEVEL: info by default, silent under the test runner (NODE_ENV=test) unless it is set. */
export function logLevelFrom(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const text = env.LOG_LEVEL?.trim().toLowerCase();
  if (!text) return env.NODE_ENV === 'test' ? 'silent' : 'info';
  const level = LEVELS.find((name) => name === text);
  if (!level)
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${env.LOG_LEVEL}".`);
  return level;
}

/**
 * Never written, whatever a log call is handed: a second line of defence, since no log call of ours
 * passes headers, bodies or sessions (request lines are built field by field below).
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'cookie',
  'sessionId',
  'sid',
  'input.password',
  'input.newPassword',
];

/**
 * Straight to stdout, one write a line, as pino does by default: measured cheaper per line than its
 * asynchronous writer, and nothing is lost when the process exits. Whatever runs the server must
 * read its stdout (a terminal, a supervisor, a collector, /dev/null).
 */
const stdout = () => pino.destination({ dest: 1, sync: true });

export function createLogger(
  options: { level?: LevelWithSilent; destination?: DestinationStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    options.destination ?? stdout(),
  );
}

function initialLevel(): LevelWithSilent {
  try {
    return logLevelFrom();
  } catch {
    // main.ts reads LOG_LEVEL again and stops with the sentence.
    return 'info';
  }
}

/** The process's logger. */
export const log: Logger = createLogger({ level: initialLevel() });

// ---------------------------------------------------------------------------------------------
// Requests

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

/** Says which door answered the request (http.ts), for its log line. */
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
   * back in X-Request-Id (http.ts adds it with the other headers, in one go).
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
