import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';

/**
 * The original client's stand-in (SPEC §7): a small page with axios and socket.io-client, served
 * from its own origin (127.0.0.1 on another port), like the client's development server on
 * http://localhost:3000. The e2e server lists that origin in CLIENT_ORIGINS.
 */
export interface LegacyClientServer {
  /** The page's origin, http://127.0.0.1:{port}. */
  origin: string;
  close(): Promise<void>;
}

const e2eRoot = resolve(import.meta.dirname, '..');
const FILES: Record<string, { path: string; type: string }> = {
  '/': {
    path: resolve(e2eRoot, 'fixtures/legacy-client/index.html'),
    type: 'text/html; charset=utf-8',
  },
  '/axios.min.js': {
    path: resolve(e2eRoot, 'node_modules/axios/dist/axios.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
  '/socket.io.min.js': {
    path: resolve(e2eRoot, 'node_modules/socket.io-client/dist/socket.io.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

export async function startLegacyClientServer(): Promise<LegacyClientServer> {
  const server = createServer((req, res) => {
    const file = FILES[new URL(req.url ?? '/', 'http://x').pathname];
    if (req.method !== 'GET' || !file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' })
      .end(readFileSync(file.path));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The fixture server has no port.');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
