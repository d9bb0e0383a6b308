import { appRouter } from '@app/api';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { MAX_BATCH_SIZE, MAX_BODY_BYTES, transportMessages } from '@app/validators';
import type { IncomingMessage } from 'node:http';
import { isAllowedOrigin } from '../http/origin';
import { subscriptionPaths, trpcRefusal } from './trpc-internals';

/** Methods that change nothing: everything else to /trpc is a mutation (tRPC sends them as POST). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** A refusal in tRPC's own form, so the web client shows its message like any other. */
const trpcError = (code: TRPC_ERROR_CODE_KEY, message: string) =>
  trpcRefusal(appRouter, code, message);

/**
 * Subscriptions are for the WebSocket (upgrade.ts), where they need a session and count against the
 * connection caps. Over HTTP tRPC would serve them as an event stream: status 200 whatever happens,
 * its refusals inside the stream, and no cap on how many a client holds open.
 */
const SUBSCRIPTIONS = subscriptionPaths(appRouter);

/** The procedure paths a /trpc URL names, as sent and decoded (tRPC reads them undecoded). */
function namedPaths(url: string): { sent: string[]; decoded: string[] } {
  const pathname = url.split('?', 1)[0] ?? '';
  const tail = pathname.slice(pathname.lastIndexOf('/') + 1);
  let decoded = tail;
  try {
    decoded = decodeURIComponent(tail);
  } catch {
    // tRPC reads it undecoded.
  }
  return { sent: tail.split(','), decoded: decoded.split(',') };
}

function namesSubscription(url: string): boolean {
  const { sent, decoded } = namedPaths(url);
  return [...sent, ...decoded].some((path) => SUBSCRIPTIONS.has(path));
}

/** tRPC refuses a batch over its maximum too, but in words of its own: ours is said first. */
function batchTooLarge(url: string): boolean {
  return namedPaths(url).sent.length > MAX_BATCH_SIZE;
}

/**
 * Before tRPC sees a request: no subscriptions over HTTP, no batch over the maximum, and no body over the limit by its declared
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
  if (batchTooLarge(req.url ?? '')) return trpcError('BAD_REQUEST', transportMessages.tooManyCalls);
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES)
    return trpcError('PAYLOAD_TOO_LARGE', transportMessages.tooLarge);
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null;
  if (!isAllowedOrigin(req, trustedOrigins))
    return trpcError('FORBIDDEN', transportMessages.crossSite);
  if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
    return trpcError('UNSUPPORTED_MEDIA_TYPE', transportMessages.jsonOnly);
  return null;
}
