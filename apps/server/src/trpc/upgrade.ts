import { appRouter, findSessionUser, type Context } from '@app/api';
import { authMessages, connectionMessages } from '@app/validators';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ConnectionCounter, Refusal } from '../ops/connection-caps';
import type { CreateRequestContext } from '../http/context';
import type { Logger } from '../ops/log';
import { isAllowedOrigin } from '../http/origin';

/**
 * Answers an upgrade request with a plain HTTP refusal (the browser's WebSocket sees it fail) and
 * closes the socket once the answer is out: the server's sockets stay half-open after an end, so a
 * client that never closes its side would otherwise keep the descriptor for ever.
 */
function refuseUpgrade(socket: Duplex, status: string, sentence?: string) {
  const body = sentence ? `${sentence}\n` : '';
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\n` +
      (body
        ? `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
        : '') +
      `\r\n${body}`,
    () => socket.destroy(),
  );
}

/** socket.io's path: engine.io takes every upgrade whose URL starts with it (its own check). */
export const SOCKET_IO_PATH = '/socket.io/';
const isSocketIoUpgrade = (req: IncomingMessage) => (req.url ?? '').startsWith(SOCKET_IO_PATH);

/** How long a socket refused with a close code has to answer the close before it is cut. */
const REFUSED_CLOSE_MS = 1000;

/**
 * Routes WebSocket upgrades by path: /trpc to tRPC subscriptions; socket.io's path to socket.io
 * (engine.io's own upgrade listener, socket/index.ts); every other upgrade is answered 404 and
 * closed at once. A ws server bound with {server, path} would answer 400 to every other path
 * (socket.io's among them), so each server is noServer.
 * Every subscription needs a session, so /trpc wants a valid session cookie before the upgrade (401
 * otherwise). Each /trpc upgrade is counted against the live connection caps (`connections`, shared
 * with socket.io and with every other process) once its cookie is read, before its session is
 * looked up, and holds its place until its socket closes. One over a cap is closed at once with
 * 1008/1013 and the reason.
 */
export interface UpgradeOptions {
  createRequestContext: CreateRequestContext;
  /** Other sites' pages allowed to open the WebSocket with the user's cookie (TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** The live-connection caps, shared with socket.io. */
  connections: ConnectionCounter;
  /** Where failed upgrades are logged (the server's logger). */
  log: Logger;
}

export function attachUpgrades(server: Server, options: UpgradeOptions) {
  const { createRequestContext, trustedOrigins, connections, log } = options;
  const trpcWss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  // The context read at the upgrade is the connection's: built once, not twice.
  const contexts = new WeakMap<IncomingMessage, Promise<Context>>();
  const sockets = new WeakMap<IncomingMessage, WebSocket>();
  const handler = applyWSSHandler({
    wss: trpcWss,
    router: appRouter,
    // Built once per connection: the web client reconnects after login and logout to pick up the new cookie.
    createContext: ({ req }) => contexts.get(req) ?? createRequestContext({ req, transport: 'ws' }),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    onError: ({ error, req }) => {
      // Past the cap on subscriptions (trpc.ts): the error frame goes out first, then the socket closes.
      if (error.message !== connectionMessages.tooManySubscriptions) return;
      const ws = sockets.get(req);
      setImmediate(() => ws?.close(1008, connectionMessages.tooManySubscriptions));
    },
  });

  /** Completes the handshake only to close with the refusal's code and reason, then cuts it. */
  function refuseSocket(req: IncomingMessage, socket: Duplex, head: Buffer, refusal: Refusal) {
    trpcWss.handleUpgrade(req, socket, head, (ws) => {
      ws.close(refusal.code, refusal.reason);
      setTimeout(() => ws.terminate(), REFUSED_CLOSE_MS).unref();
    });
  }

  async function upgradeTrpc(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // Node hands over the upgrade's socket without an error listener: a reset while the session is
    // read would otherwise be an uncaught error.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    const context = createRequestContext({ req, transport: 'ws' });
    const ctx = await context;
    const sessionId = ctx.session.sessionId;
    // Counted before the session is looked up: one over a cap costs no read of the database.
    const admission = await connections.admit({ address: ctx.clientAddress, session: sessionId });
    if (!admission.ok) {
      socket.off('error', onError);
      return refuseSocket(req, socket, head, admission);
    }
    // Gone while it was counted: its close has been and gone.
    if (socket.destroyed) return admission.release();
    socket.once('close', admission.release);
    const viewer = sessionId ? await findSessionUser(ctx.deps.db, sessionId) : null;
    if (socket.destroyed) return;
    if (!viewer) {
      const sentence = sessionId ? authMessages.sessionEnded : authMessages.notSignedIn;
      return refuseUpgrade(socket, '401 Unauthorized', sentence);
    }
    socket.off('error', onError); // ws takes over the socket's errors
    trpcWss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', admission.release);
      contexts.set(req, context);
      sockets.set(req, ws);
      trpcWss.emit('connection', ws, req);
    });
  }

  server.on('upgrade', (req, socket, head) => {
    // socket.io's engine.io takes these, and counts them itself (connection-caps.ts).
    if (isSocketIoUpgrade(req)) return;
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/trpc') return refuseUpgrade(socket, '404 Not Found');
    // Another site's page could open a socket to us with our cookie: only our own pages, the
    // trusted origins and non-browser clients may.
    if (!isAllowedOrigin(req, trustedOrigins)) return refuseUpgrade(socket, '403 Forbidden');
    upgradeTrpc(req, socket, head).catch((error: unknown) => {
      log.error({ err: error, route: path }, 'WebSocket upgrade failed');
      socket.destroy();
    });
  });

  return {
    close() {
      handler.broadcastReconnectNotification();
      trpcWss.close();
    },
    /** Shutdown: every socket closed with the code and reason (the web client reconnects later). */
    closeAll(code: number, reason: string) {
      for (const ws of trpcWss.clients) ws.close(code, reason);
      trpcWss.close();
    },
    /** Cuts the sockets that have not finished closing. */
    cutAll() {
      for (const ws of trpcWss.clients) ws.terminate();
    },
  };
}
