import { appRouter } from '@app/api';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { CreateRequestContext } from './context';

/**
 * A browser always says where the page that opens a WebSocket came from, and nothing stops another
 * site's page from opening one to us with our cookie: accept only our own pages (or non-browser
 * clients, which send no Origin).
 */
function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}


/**
 * Routes WebSocket upgrades by path: /trpc to tRPC subscriptions. A ws server bound with {server, path}
 * would answer 400 to every other path (socket.io's among them), so each server is noServer.
 */
export function attachUpgrades(server: Server, createRequestContext: CreateRequestContext) {
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
      if (!isSameOrigin(req)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      trpcWss.handleUpgrade(req, socket, head, (ws) => trpcWss.emit('connection', ws, req));
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
