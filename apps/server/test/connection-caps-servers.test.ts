import { connectionMessages } from '@app/validators';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import superjson from 'superjson';
import { io as ioClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useSharedDatabase } from './support/test-database';
import { useTestServer } from './support/test-server';

/** Two servers on one database, as two processes behind one balancer. */
const dir = mkdtempSync(join(tmpdir(), 'qa-two-servers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const database = useSharedDatabase(join(dir, 'app.db'));

const caps = { socketsPerSession: 2, socketsPerAddress: 3 };
const serverA = useTestServer({ trustProxy: ['127.0.0.1'], caps }, { database });
const serverB = useTestServer({ trustProxy: ['127.0.0.1'], caps }, { database });

const webSockets: WebSocket[] = [];
const ioSockets: ClientSocket[] = [];
afterEach(async () => {
  for (const socket of ioSockets.splice(0)) socket.close();
  await Promise.all(
    webSockets.splice(0).map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
});

async function signUp(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ username, password: 'password123' })),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A /trpc WebSocket: 'open' once the server answered a ping, or the code and reason it closed with. */
function trpcSocket(base: string, headers: Record<string, string>) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/trpc`, { headers });
  webSockets.push(ws);
  return new Promise<string | { code: number; reason: string }>((resolve) => {
    ws.on('open', () => {
      ws.ping();
      ws.once('pong', () => resolve('open'));
    });
    ws.on('close', (code, reason) => resolve({ code, reason: `${reason}` }));
    ws.on('error', () => resolve('error'));
  });
}

/** A socket.io connection: 'open', or the refusal's sentence (its connect_error). */
function socketIo(base: string, headers: Record<string, string>) {
  const socket = ioClient(base, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: headers,
  });
  ioSockets.push(socket);
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('open'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe('live connection caps over two servers on one database', () => {
  it('one session’s sockets spread over both servers are refused past the per-session cap, with the 1008 sentence', async () => {
    const cookie = await signUp(serverA.url, 'spread');
    expect(await trpcSocket(serverA.url, { cookie, 'x-forwarded-for': '192.0.2.1' })).toBe('open');
    expect(await trpcSocket(serverB.url, { cookie, 'x-forwarded-for': '192.0.2.2' })).toBe('open');
    expect(await trpcSocket(serverB.url, { cookie, 'x-forwarded-for': '192.0.2.3' })).toEqual({
      code: 1008,
      reason: connectionMessages.tooManyForSession,
    });
    expect(await trpcSocket(serverA.url, { cookie, 'x-forwarded-for': '192.0.2.4' })).toEqual({
      code: 1008,
      reason: connectionMessages.tooManyForSession,
    });
  });

  it('socket.io and the /trpc WebSocket of both servers count against one per-address cap', async () => {
    const address = { 'x-forwarded-for': '198.51.100.20' };
    expect(await socketIo(serverA.url, address)).toBe('open');
    expect(await socketIo(serverB.url, address)).toBe('open');
    const cookie = await signUp(serverB.url, 'neighbour');
    expect(await trpcSocket(serverA.url, { cookie, ...address })).toBe('open');
    expect(await socketIo(serverB.url, address)).toBe(connectionMessages.tooManyForAddress);
    expect(await trpcSocket(serverB.url, { cookie, ...address })).toEqual({
      code: 1008,
      reason: connectionMessages.tooManyForAddress,
    });
  });
});
