import { appRouter, findSessionUser, type Context } from '@app/api';
import { authMessages, connectionMessages } from '@app/validators';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ConnectionCounter } from './connection-caps';
import type { CreateRequestContext } from './context';
import { log } from './log';
import { isAllowedOrigin } from './origin';

/** Answers an upgrade request with a plain HTTP refusal (the browser's WebSocket sees it fail). */
function refuseUpgrade(socket: Duplex, status: string, sentence?: string) {
  const body = sentence ? `${sentence}\n` : '';
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\n` +
      (body
        ? `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
        : '') +
      `\r\n${body}`,
  );
}

/**
 * Routes WebSocket upgrades by path: /trpc to tRPC subscriptions; /socket.io/ is left to socket.io. A ws server bound with {server, path}
 * would answer 400 to every other path (socket.io's among them), so each server is noServer.
 * Every subscription needs a session, so /trpc wants a valid session cookie before the upgrade (401
 * otherwise), and each socket is counted against the live connection caps (`connections`, shared
 * with socket.io): one over a cap is closed at once with 1008/1013 and the reason.
 */
export function attachUpgrades(
  server: Server,
  createRequestContext: CreateRequestContext,
  trustedOrigins: readonly string[],
  connections: ConnectionCounter,
) {
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

  async function upgradeTrpc(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // Node hands over the upgrade's socket without an error listener: a reset while the session is
    // read would otherwise be an uncaught error.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    const context = createRequestContext({ req, transport: 'ws' });
    const ctx = await context;
    const sessionId = ctx.session.sessionId;
    const viewer = sessionId ? await findSessionUser(ctx.deps.db, sessionId) : null;
    if (socket.destroyed) return;
    if (!viewer) {
      const sentence = sessionId ? authMessages.sessionEnded : authMessages.notSignedIn;
      return refuseUpgrade(socket, '401 Unauthorized', sentence);
    }
    socket.off('error', onError); // ws takes over the socket's errors
    trpcWss.handleUpgrade(req, socket, head, (ws) => {
      const admission = connections.admit({ address: ctx.clientAddress, session: sessionId });
      if (!admission.ok) return ws.close(admission.code, admission.reason);
      ws.once('close', admission.release);
      contexts.set(req, context);
      sockets.set(req, ws);
      trpcWss.emit('connection', ws, req);
    });
  }

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/trpc') {
      // Another site's page could open a socket to us with our cookie: only our own pages, the
      // trusted origins and non-browser clients may.
      if (!isAllowedOrigin(req, trustedOrigins)) return refuseUpgrade(socket, '403 Forbidden');
      upgradeTrpc(req, socket, head).catch((error: unknown) => {
        log.error({ err: error, route: path }, 'WebSocket upgrade failed');
        socket.destroy();
      });
    } else if (path === '/socket.io/' || path === '/socket.io') {
      // socket.io's own upgrade listener (socket/index.ts) takes it, with its origin check.
    } else {
      socket.destroy();
    }
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
