import { createContext, type ApiDeps, type Context, type Transport } from '@app/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { SessionCookies } from './session';

// A proxy on this machine (nginx, a dev proxy) may say who the client is; nobody else may.
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const isLoopback = (address: string) => LOOPBACK.test(address);

function forwardedFor(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The client's address, for rate limits: the peer, or when the peer is a local proxy the nearest
 * address it was forwarded for that is not itself local (what Express's 'trust proxy: loopback' reads).
 */
export function clientAddressOf(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!isLoopback(peer)) return peer;
  const chain = forwardedFor(req).reverse();
  return chain.find((address) => !isLoopback(address)) ?? chain.at(-1) ?? peer;
}

/** Whether the browser reached us over https: directly, or through a local proxy that says so. */
export function isHttps(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  if (!isLoopback(req.socket.remoteAddress ?? '')) return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim();
  return first === 'https';
}

export interface Door {
  req: IncomingMessage;
  /** The response, when the door can set cookies (HTTP); absent on WebSocket upgrades. */
  res?: ServerResponse;
  transport: Transport;
}

/**
 * One way to build a call's context, whichever door it came through (tRPC over HTTP or WebSocket,
 * and later the REST adapters and the socket.io bridge): the process's shared dependencies, the
 * session cookie, the client's address and the door, read the same way everywhere.
 */
export function contextFactory(deps: ApiDeps, cookies: SessionCookies) {
  return async function createRequestContext({ req, res, transport }: Door): Promise<Context> {
    const session = res
      ? await cookies.httpStore(req, res, isHttps(req))
      : await cookies.upgradeStore(req);
    return createContext(deps, { session, clientAddress: clientAddressOf(req), transport });
  };
}

export type CreateRequestContext = ReturnType<typeof contextFactory>;
