import { createContext, createReadOnlySessionStore, type ApiDeps, type Context } from '@app/api';
import type { IncomingMessage } from 'node:http';
import type { Server as SocketServer, Socket } from 'socket.io';
import type { ConnectionCounter } from '../../ops/connection-caps';
import { clientAddressOf, type CreateRequestContext } from '../../http/context';
import type { Logger } from '../../ops/log';

export interface SocketData {
  /** The user of the socket's connection now (identity.ts keeps it current), or null. */
  username: string | null;
  /** That user's session: every call the socket makes is made with it. */
  sessionId: string | null;
}

type Events = Record<string, (...args: unknown[]) => void>;
export type IoServer = SocketServer<Events, Events, Record<string, never>, SocketData>;
export type IoSocket = Socket<Events, Events, Record<string, never>, SocketData>;

export interface SocketOptions {
  deps: ApiDeps;
  createRequestContext: CreateRequestContext;
  /** Other origins whose pages may connect with the user's cookie (the /trpc WebSocket's list). */
  allowedOrigins: readonly string[];
  /** The live-connection caps shared with the /trpc WebSocket (connection-caps.ts). */
  connections: ConnectionCounter;
  /** Where the bridge's and the identities' failures are logged (the server's logger). */
  log: Logger;
}

/**
 * A call's context for a socket: the session its connection has now (not the handshake's, which
 * may have ended or been replaced since), read-only since there is no response to set a cookie on.
 * 'internal', not 'ws': a socket.io event is one call (a move), not a tRPC subscription.
 */
export function socketContext(
  deps: ApiDeps,
  socket: { data: SocketData; request: IncomingMessage },
): Context {
  return createContext(deps, {
    session: createReadOnlySessionStore(socket.data.sessionId),
    clientAddress: clientAddressOf(socket.request),
    transport: 'internal',
  });
}

/** For the bridge's own reads of public data (a question page): nobody's session. */
export const anonymousContext = (deps: ApiDeps): Context =>
  createContext(deps, {
    session: createReadOnlySessionStore(null),
    clientAddress: 'socket.io',
    transport: 'internal',
  });

/** For the bridge's reads on a socket's behalf: the session it has now, read-only. */
export const sessionContext = (deps: ApiDeps, sessionId: string | null): Context =>
  createContext(deps, {
    session: createReadOnlySessionStore(sessionId),
    clientAddress: 'socket.io',
    transport: 'internal',
  });
