import { MAX_BODY_BYTES, transportMessages } from '@app/validators';
import cors from 'cors';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHttps } from '../../http/context';
import { isAllowedOrigin } from '../../http/origin';
import { sendText } from './adapter';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of req.headers.cookie?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double submit, as the original client's HTTP library does it: every answer carries a readable
 * XSRF-TOKEN cookie (made once), and a request that sends X-XSRF-TOKEN must send the cookie's value.
 */
export function xsrf(): RequestHandler {
  return (req, res, next) => {
    if (!xsrfHeld(req)) return sendText(res, 403, transportMessages.unverified);
    giveXsrfCookie(req, res);
    next();
  };
}

/** Whether the request passes the double submit: no X-XSRF-TOKEN, or the XSRF-TOKEN cookie's value. */
export function xsrfHeld(req: IncomingMessage): boolean {
  const cookie = cookieValue(req, XSRF_COOKIE);
  const header = req.headers[XSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  return sent === undefined || (!!cookie && sameToken(sent, cookie));
}

/** Sets the readable XSRF-TOKEN cookie unless the request brought a well-formed one. */
export function giveXsrfCookie(req: IncomingMessage, res: ServerResponse): void {
  const cookie = xsrfCookieFor(req);
  if (cookie) res.appendHeader('Set-Cookie', cookie);
}

/**
 * The Set-Cookie value of a new XSRF-TOKEN, or null when the request brought a well-formed one. The
 * token is a random UUID (122 random bits, from Node's pooled randomness: a signed-out reader gets
 * one with every answer, so it must cost next to nothing).
 */
export function xsrfCookieFor(req: IncomingMessage): string | null {
  const cookie = cookieValue(req, XSRF_COOKIE);
  if (cookie && /^[\w-]{16,64}$/.test(cookie)) return null;
  const parts = [`${XSRF_COOKIE}=${randomUUID()}`, 'Path=/', 'SameSite=Lax'];
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

/**
 * What the CORS middleware below adds to a simple request (a GET) from CLIENT_ORIGINS: the origin
 * allowed, with credentials; for the answers served before Express (cached-reads.ts), as header
 * name/value pairs (with Vary: Origin among them) or none.
 */
export function clientOriginHeaders(
  req: IncomingMessage,
  clientOrigins: readonly string[],
): string[] {
  const origin = req.headers.origin;
  if (origin === undefined || !isAllowedOrigin(req, clientOrigins)) return [];
  return ['Access-Control-Allow-Origin', origin, 'Access-Control-Allow-Credentials', 'true'];
}

/** The other sites whose pages may make changes: TRUSTED_ORIGINS and CLIENT_ORIGINS. */
export const changeOriginsOf = (
  clientOrigins: readonly string[],
  trustedOrigins: readonly string[],
): string[] => [...new Set([...trustedOrigins, ...clientOrigins])];

/**
 * What the CORS middleware below adds to a request that is not a preflight: for an allowed origin,
 * that origin with credentials and `Vary: Origin`; nothing for any other (the cors package, given
 * `origin: false`, adds none).
 */
export function corsAnswerHeaders(
  req: IncomingMessage,
  clientOrigins: readonly string[],
): string[] {
  const [name, origin, ...credentials] = clientOriginHeaders(req, clientOrigins);
  return name ? [name, origin!, 'Vary', 'Origin', ...credentials] : [];
}

/**
 * The guard in front of the REST adapters: CORS with credentials for CLIENT_ORIGINS (and our own
 * origin), changes only from our pages, CLIENT_ORIGINS, TRUSTED_ORIGINS or non-browser clients, the
 * XSRF double submit, and JSON bodies up to the usual limit, with every refusal as a sentence.
 */
export function restGuard(
  clientOrigins: readonly string[],
  trustedOrigins: readonly string[],
): RequestHandler[] {
  const changeOrigins = changeOriginsOf(clientOrigins, trustedOrigins);
  const corsHandler = cors((req, callback) => {
    const origin = req.headers.origin;
    callback(null, {
      origin:
        origin !== undefined && isAllowedOrigin(req as IncomingMessage, clientOrigins)
          ? origin
          : false,
      credentials: true,
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'X-XSRF-TOKEN', 'X-Requested-With'],
      maxAge: 600,
    });
  });
  const originCheck: RequestHandler = (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isAllowedOrigin(req, changeOrigins)) return next();
    sendText(res, 403, transportMessages.crossSite);
  };
  const bodyErrors: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
    if (res.headersSent) return next(error);
    const tooLarge = error.type === 'entity.too.large';
    sendText(
      res,
      tooLarge ? 413 : 400,
      tooLarge ? transportMessages.tooLarge : transportMessages.malformed,
    );
  };
  return [
    corsHandler,
    originCheck,
    xsrf(),
    express.json({ limit: MAX_BODY_BYTES }),
    bodyErrors as unknown as RequestHandler,
  ];
}
