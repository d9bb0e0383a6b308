import { appRouter } from '@app/api';
import { MAX_BODY_BYTES, transportMessages } from '@app/validators';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { isAllowedOrigin } from './origin';

/** Methods that change nothing: everything else to /trpc is a mutation (tRPC sends them as POST). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** tRPC's JSON-RPC and HTTP codes for the refusals below. */
const CODES = {
  FORBIDDEN: { jsonRpc: -32003, httpStatus: 403 },
  UNSUPPORTED_MEDIA_TYPE: { jsonRpc: -32015, httpStatus: 415 },
  METHOD_NOT_SUPPORTED: { jsonRpc: -32005, httpStatus: 405 },
  PAYLOAD_TOO_LARGE: { jsonRpc: -32013, httpStatus: 413 },
} as const;

/** An error as tRPC (with superjson) writes it, so the web client shows its message like any other. */
function trpcError(code: keyof typeof CODES, message: string) {
  const { jsonRpc, httpStatus } = CODES[code];
  return {
    status: httpStatus,
    body: { error: { json: { message, code: jsonRpc, data: { code, httpStatus } } } },
  };
}

/**
 * Subscriptions are for the WebSocket (upgrade.ts), where they need a session and count against the
 * connection caps. Over HTTP tRPC would serve them as an event stream: status 200 whatever happens,
 * its refusals inside the stream, and no cap on how many a client holds open.
 */
const SUBSCRIPTIONS = new Set(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .filter(([, procedure]) => procedure._def.type === 'subscription')
    .map(([path]) => path),
);

function namesSubscription(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  const tail = pathname.slice(pathname.lastIndexOf('/') + 1);
  let decoded = tail;
  try {
    decoded = decodeURIComponent(tail);
  } catch {
    // tRPC reads it undecoded.
  }
  return [...tail.split(','), ...decoded.split(',')].some((path) => SUBSCRIPTIONS.has(path));
}

/**
 * Before tRPC sees a request: no subscriptions over HTTP, and no body over the limit by its declared
 * length (tRPC reads a body only for procedures with an input). Before tRPC sees a change: it must
 * come from our own pages, a trusted origin or a non-browser client (another site's page could
 * otherwise post a form with the user's cookie: no preflight is needed for a form), and carry JSON,
 * the only body our clients send. Answers the refusal, or null.
 */
export function guardRefusal(
  req: IncomingMessage,
  trustedOrigins: readonly string[],
): { status: number; body: object } | null {
  if (namesSubscription(req.url ?? ''))
    return trpcError('METHOD_NOT_SUPPORTED', transportMessages.liveUpdatesOnly);
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES)
    return trpcError('PAYLOAD_TOO_LARGE', transportMessages.tooLarge);
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null;
  if (!isAllowedOrigin(req, trustedOrigins))
    return trpcError('FORBIDDEN', transportMessages.crossSite);
  if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
    return trpcError('UNSUPPORTED_MEDIA_TYPE', transportMessages.jsonOnly);
  return null;
}

/** guardRefusal as Express middleware. */
export function requestGuard(trustedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const refusal = guardRefusal(req, trustedOrigins);
    if (refusal) return void res.status(refusal.status).json(refusal.body);
    next();
  };
}

/**
 * Requests Node's HTTP parser cannot read never reach Express: without this, a URL over the header
 * limit gets a bare 431 and a malformed request a bare 400. Answer them in our words instead.
 */
export function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  // A response already under way on this connection cannot be followed by another.
  const inFlight = (
    socket as Socket & { _httpMessage?: { headersSent?: boolean; statusCode?: number } | null }
  )._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', transportMessages.headersTooLarge]
      : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? [413, 'Payload Too Large', transportMessages.tooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', transportMessages.tooSlow]
          : [400, 'Bad Request', transportMessages.malformed];
  const body = `${message}\n`;
  // The request log reads the status of a request that was under way (a body cut for being slow).
  if (inFlight) inFlight.statusCode = status;
  // Closed once the answer is out, not only ended: the server's sockets stay half-open after an
  // end, so a client that keeps its side open (a slow-loris script trickling on) would otherwise
  // keep the connection, and the request under way, for as long as it likes.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}
