import { createContext, createReadOnlySessionStore, type ApiDeps, type Context } from '@app/api';
import type { IncomingMessage } from 'node:http';
import type { CreateRequestContext } from '../context';

export interface SocketData {
  /** The session's user when the socket connected, or null (signed out). */
  username: string | null;
}

export interface SocketOptions {
  deps: ApiDeps;
  createRequestContext: CreateRequestContext;
  /** Other origins whose pages may connect with the user's cookie (the /trpc WebSocket's list). */
  allowedOrigins: readonly string[];
}

/** A call's context for a socket: its handshake's cookie, read again (read-only) on every call. */
export function socketContext(
  createRequestContext: CreateRequestContext,
  req: IncomingMessage,
): Promise<Context> {
  // 'internal', not 'ws': a socket.io event is one call (a move), not a tRPC subscription; the
  // session store is still read-only since there is no response to set a cookie on.
  return createRequestContext({ req, transport: 'internal' });
}

/** For the bridge's own reads of public data (a question page): nobody's session. */
export const anonymousContext = (deps: ApiDeps): Context =>
  createContext(deps, {
    session: createReadOnlySessionStore(null),
    clientAddress: 'socket.io',
    transport: 'internal',
  });
