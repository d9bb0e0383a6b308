import { appRouter } from '@app/api';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { CreateRequestContext } from './context';
import { isAllowedOrigin } from './origin';

/**
 * Routes WebSocket upgrades by path: /trpc to tRPC subscriptions; /socket.io/ is left to socket.io. A ws server bound with {server, path}
 * would answer 400 to every other path (socket.io's among them), so each server is noServer.
 */
export function attachUpgrades(
  server: Server,
  createRequestContext: CreateRequestContext,
  trustedOrigins: readonly string[],
) {
  const trpcWss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const handler = applyWSSHandler({
    wss: trpcWss,
    router: appRouter,
    // Built once per connection: the web client reconnects after login and logout to pick up the new cookie.
    createContext: ({ req }) => createRequestContext({ req, transport: 'ws' }),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/trpc') {
      // Another site's page could open a socket to us with our cookie: only our own pages, the
      // trusted origins and non-browser clients may.
      if (!isAllowedOrigin(req, trustedOrigins)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      trpcWss.handleUpgrade(req, socket, head, (ws) => trpcWss.emit('connection', ws, req));
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
  };
}
