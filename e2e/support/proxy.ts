import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the test server, so a test can cut one browser's network (WebSocket
 * included, which Chromium's offline emulation leaves alone) and later restore it.
 */
export interface CuttableProxy {
  url: string;
  /** Drops every open connection and refuses new ones until restore(). */
  cut(): void;
  /** Drops and refuses WebSocket connections only: pages still load, live updates cannot connect. */
  cutWebSockets(): void;
  restore(): void;
  close(): Promise<void>;
}

// A WebSocket handshake is an HTTP GET asking to upgrade; browsers give each socket its own connection.
const WEBSOCKET_HANDSHAKE = /^GET [^\r\n]+\r\n(?:[^\r\n]+\r\n)*?upgrade: *websocket\r\n/i;

export async function startProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const webSockets = new Set<Socket>();
  let down: 'all' | 'websockets' | null = null;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      webSockets.delete(socket);
    });
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (down === 'all') return client.destroy();
    // Look at the first bytes to tell a WebSocket handshake from a page or API request.
    client.once('data', (first: Buffer) => {
      client.pause();
      const isWebSocket = WEBSOCKET_HANDSHAKE.test(first.toString('latin1'));
      if (isWebSocket && down === 'websockets') return client.destroy();
      if (isWebSocket) webSockets.add(client);
      const upstream = connect(Number(port), hostname);
      track(upstream);
      upstream.write(first);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      down = 'all';
      for (const socket of sockets) socket.destroy();
    },
    cutWebSockets() {
      down = 'websockets';
      for (const socket of webSockets) socket.destroy();
    },
    restore() {
      down = null;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
