import { transportMessages } from '@app/validators';
import { connect } from 'node:net';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestServer } from './support/test-server';

async function signUp(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ username, password: 'password123' })),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Opens a /trpc WebSocket: resolves with the socket once open, or with the close code if refused. */
function openSocket(base: string, cookie: string): Promise<{ ws: WebSocket; refused: boolean }> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/trpc`, {
    headers: { cookie, origin: base },
  });
  return new Promise((resolve, reject) => {
    // A refusal at the cap is an open followed at once by a close frame; a first message never
    // comes on an accepted socket without a subscription, so the close is the barrier.
    ws.once('close', () => resolve({ ws, refused: true }));
    ws.once('open', () => {
      // Ask for nothing: a ping answered with a pong proves the server kept this socket.
      ws.ping();
      ws.once('pong', () => resolve({ ws, refused: false }));
    });
    ws.once('error', reject);
  });
}

/**
 * A POST from another local address whose body trickles in and never completes, from a client
 * that, like a slow-loris script, keeps its side open and keeps sending whatever it is told.
 * Resolves with the answer, and whether the server closed the connection (rather than the client
 * giving up after `giveUpMs`).
 */
function tricklingPost(base: string, giveUpMs: number): Promise<{ answer: string; cut: boolean }> {
  const { hostname, port, host } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({
      port: Number(port),
      host: hostname,
      localAddress: '127.0.0.5',
      allowHalfOpen: true,
    });
    let answer = '';
    let gaveUp = false;
    const trickle = setInterval(() => socket.write(' ', () => {}), 50);
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, giveUpMs);
    socket.on('connect', () =>
      socket.write(
        `POST /trpc/auth.login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${base}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ),
    );
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      resolve({ answer, cut: !gaveUp });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

describe('a slow body is cut after the request timeout', () => {
  const running = useTestServer({
    timeouts: { headersMs: 300, requestMs: 600 },
    caps: { socketsPerSession: 5 },
  });

  it('gets 408 with the sentence, and its connection is closed though the client keeps sending', async () => {
    const { answer, cut } = await tricklingPost(running.url, 8000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(transportMessages.tooSlow);
    // Far longer than the request timeout: only a connection the server never closes reaches it.
    expect(cut).toBe(true);
  }, 20_000);

  it('still after WebSockets of one session were opened up to the cap and then cut', async () => {
    const cookie = await signUp(running.url, 'socketeer');
    const sockets: WebSocket[] = [];
    for (;;) {
      const { ws, refused } = await openSocket(running.url, cookie);
      sockets.push(ws);
      if (refused) break;
    }
    expect(sockets.length).toBe(6);
    for (const ws of sockets) ws.terminate();
    const { answer, cut } = await tricklingPost(running.url, 8000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut).toBe(true);
  }, 20_000);
});
