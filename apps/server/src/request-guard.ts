import { transportMessages } from '@app/validators';
import type { RequestHandler } from 'express';
import type { Socket } from 'node:net';
import { isAllowedOrigin } from './origin';

/** Methods that change nothing: everything else to /trpc is a mutation (tRPC sends them as POST). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** tRPC's JSON-RPC and HTTP codes for the refusals below. */
const CODES = {
  FORBIDDEN: { jsonRpc: -32003, httpStatus: 403 },
  UNSUPPORTED_MEDIA_TYPE: { jsonRpc: -32015, httpStatus: 415 },
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
 * Before tRPC sees a change: it must come from our own pages, a trusted origin or a non-browser
 * client (another site's page could otherwise post a form with the user's cookie: no preflight is
 * needed for a form), and carry JSON, the only body our clients send.
 */
export function requestGuard(trustedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!isAllowedOrigin(req, trustedOrigins)) {
      const { status, body } = trpcError('FORBIDDEN', transportMessages.crossSite);
      return void res.status(status).json(body);
    }
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) {
      const { status, body } = trpcError('UNSUPPORTED_MEDIA_TYPE', transportMessages.jsonOnly);
      return void res.status(status).json(body);
    }
    next();
  };
}

/**
 * Requests Node's HTTP parser cannot read never reach Express: without this, a URL over the header
 * limit gets a bare 431 and a malformed request a bare 400. Answer them in our words instead.
 */
export function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  // A response already under way on this connection cannot be followed by another.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
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
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
