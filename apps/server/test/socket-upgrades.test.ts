import { connectionMessages } from '@app/validators';
import { connect as connectTcp, type Socket as TcpSocket } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestServer } from './support/test-server';

// Every WebSocket upgrade is answered and closed by the door that takes it, or refused at once; and
// every live connection counts against the caps from its first request, whether or not it ever
// speaks socket.io.

const running = useTestServer({ trustProxy: ['127.0.0.1'], caps: { socketsPerAddress: 3 } });

const openedSockets: { close(): void }[] = [];
afterEach(() => {
  for (const socket of openedSockets.splice(0)) socket.close();
});

/** The server's open TCP connections now. */
const serverConnections = () =>
  new Promise<number>((resolve, reject) =>
    running.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/**
 * Sends an upgrade request for `path` and never closes its own side (a client that has gone away
 * without a FIN, or does not care): resolves with what the server wrote once the server has ended
 * the connection.
 */
function upgradeAndHold(path: string): Promise<string> {
  const { hostname, port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const socket: TcpSocket = connectTcp({
      host: hostname,
      port: Number(port),
      allowHalfOpen: true,
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.once('end', () => {
      resolve(answer);
      socket.destroy();
    });
    socket.on('error', reject);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
  });
}

/** A socket.io-client connection from `address`: 'open', or the refusal's sentence. */
function socketIoFrom(address: string): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = connect(running.url, {
      reconnection: false,
      extraHeaders: { 'x-forwarded-for': address },
    });
    openedSockets.push(socket);
    socket.once('connect', () => resolve('open'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe('an upgrade that no door takes', () => {
  it('is answered 404 and closed at once, leaving no socket open on the server', async () => {
    const paths = ['/socket.io', '/socket.io?EIO=4&transport=websocket', '/elsewhere', '/trpc/x'];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => upgradeAndHold(paths[n % paths.length]!)),
    );
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    await expect.poll(serverConnections, { interval: 20, timeout: 5000 }).toBe(0);
  });
});

describe('engine.io connections that never send socket.io’s CONNECT', () => {
  it('count against the per-address cap: one more socket.io connection is refused with the sentence', async () => {
    const address = '198.51.100.20';
    // Engine.io handshakes over a WebSocket that stop there, as a client flooding the door would.
    for (let n = 0; n < 3; n++) {
      const ws = new WebSocket(
        `${running.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
        {
          headers: { 'x-forwarded-for': address },
        },
      );
      openedSockets.push(ws);
      // Engine.io's open packet: the connection exists.
      await new Promise<void>((resolve, reject) => {
        ws.once('message', (data) =>
          `${data}`.startsWith('0') ? resolve() : reject(new Error(`${data}`)),
        );
        ws.once('error', reject);
      });
    }
    expect(await socketIoFrom(address)).toBe(connectionMessages.tooManyForAddress);
    expect(await socketIoFrom('198.51.100.21')).toBe('open');
  });

  it('count from their polling handshake too, and free their place when they close', async () => {
    const address = '198.51.100.30';
    const handshake = () =>
      fetch(`${running.url}/socket.io/?EIO=4&transport=polling`, {
        headers: { 'x-forwarded-for': address },
      }).then((res) => res.text());
    const sids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const open = await handshake();
      sids.push((JSON.parse(open.slice(1)) as { sid: string }).sid);
    }
    expect(await socketIoFrom(address)).toBe(connectionMessages.tooManyForAddress);
    // The client closes one of them (engine.io's close packet): its place is free again.
    const closed = await fetch(`${running.url}/socket.io/?EIO=4&transport=polling&sid=${sids[0]}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address, 'content-type': 'text/plain' },
      body: '1',
    });
    expect(closed.status).toBe(200);
    await expect.poll(() => socketIoFrom(address), { interval: 50, timeout: 3000 }).toBe('open');
  });
});
