import { createContext, type ApiDeps, type Context, type Transport } from '@app/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP, type Server as NetServer, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { SessionCookies } from './session';

/**
 * Which peers may say who the client is: the addresses named by TRUST_PROXY, or `loopback` for any
 * address on this machine. Nobody by default: otherwise any client could pick its own address (and
 * with it a fresh rate-limit counter) by sending X-Forwarded-For.
 */
export type ProxyTrust = (peer: string) => boolean;

export const NO_PROXY: ProxyTrust = () => false;

const LOOPBACK = /^(127\.|::1$)/;
/** `::ffff:127.0.0.1` (IPv4 on a dual-stack socket) is `127.0.0.1`. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.)/i, '');

export function proxyTrust(proxies: readonly string[] = []): ProxyTrust {
  if (proxies.length === 0) return NO_PROXY;
  const named = new Set(proxies.map(plain));
  const loopback = named.has('loopback');
  return (peer) => named.has(plain(peer)) || (loopback && LOOPBACK.test(plain(peer)));
}

// Each accepted connection remembers its server's trust (set on 'connection', before any request
// on it), so every door that reads a request (Express, the REST adapters, the origin checks, the
// upgrade router, socket.io's polling) reads it the same way without being handed the setting.
const trustBySocket = new WeakMap<object, ProxyTrust>();

/** Applies TRUST_PROXY to every connection `server` accepts. */
export function trustProxies(server: NetServer, proxies: readonly string[] = []): void {
  const trust = proxyTrust(proxies);
  if (trust === NO_PROXY) return;
  server.on('connection', (socket: Socket) => trustBySocket.set(socket, trust));
}

const trustOf = (req: IncomingMessage): ProxyTrust => trustBySocket.get(req.socket) ?? NO_PROXY;

function forwardedFor(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The client's address, for rate limits and connection caps: the peer, unless the peer is a trusted
 * proxy; then the nearest address in X-Forwarded-For that is not itself a trusted proxy (each proxy
 * appends the address it got the request from, so everything left of that is the client's to
 * invent). An entry that is not an IP address ends the walk at the proxy that wrote it.
 */
export function clientAddressOf(req: IncomingMessage, trust: ProxyTrust = trustOf(req)): string {
  let client = plain(req.socket.remoteAddress ?? 'unknown');
  if (!trust(client)) return client;
  for (const hop of forwardedFor(req).reverse()) {
    if (!isIP(plain(hop))) break;
    client = plain(hop);
    if (!trust(client)) break;
  }
  return client;
}

/** Whether the browser reached us over https: directly, or through a trusted proxy that says so. */
export function isHttps(req: IncomingMessage, trust: ProxyTrust = trustOf(req)): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  if (!trust(req.socket.remoteAddress ?? '')) return false;
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
