import type { AppRouter } from '@app/api';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, spawnServer, waitUntilHealthy, type ChildServer } from './support/child-server';
import { healthz, isRunning, logged, logLines } from './support/process-probes';
import { databaseEnv, useTestDatabases } from './support/test-database';

// WORKERS=2: one port, a primary and two worker processes, each the whole server on one database.
// Plain requests reach both; a socket.io session on the polling transport keeps reaching the worker
// that holds it; tRPC WebSockets work through the primary; a worker stopped or killed is replaced
// while the other keeps serving; SIGTERM to the primary drains them all and every one exits 0.

const SHUTDOWN_TIMEOUT_MS = 5_000;
// Registered first: the databases are dropped once the servers have stopped.
const makeDatabase = useTestDatabases();
const dir = mkdtempSync(join(tmpdir(), 'qa-workers-'));
let server: ChildServer;
let url = '';
const sockets: Socket[] = [];
const webSockets: WebSocket[] = [];

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawnServer({
    WORKERS: '2',
    PORT: String(port),
    ...databaseEnv(await makeDatabase(join(dir, 'app.db'))),
    SESSION_SECRET: 'w'.repeat(40),
    WEB_DIST: join(dir, 'no-web-build'),
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT: `${SHUTDOWN_TIMEOUT_MS}ms`,
  });
  await waitUntilHealthy(server, url);
  await logged(server, (line) => line.msg.startsWith('Server listening'));
}, 90_000);

afterAll(() => {
  for (const socket of sockets) socket.disconnect();
  for (const ws of webSockets) ws.terminate();
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The pids that answer /healthz over `count` fresh connections. */
async function answeringPids(count: number): Promise<number[]> {
  const pids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { status, body } = await healthz(url);
    expect(status).toBe(200);
    pids.push(body.pid);
  }
  return pids;
}

/** The workers serving now: the pids of their "serving" lines, less those that have exited. */
const servingPids = () =>
  logLines(server)
    .filter((line) => /^worker \d+ serving$/.test(line.msg))
    .map((line) => line.pid)
    .filter(isRunning);

async function signUp(username: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ username, password: 'password123' })),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A tRPC WebSocket that has opened, with the close code and reason it will get. */
async function openTrpcSocket(cookie: string) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/trpc`, { headers: { cookie } });
  webSockets.push(ws);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed };
}

describe('WORKERS=2 that cannot start', () => {
  it('a port in use: the primary says so in one sentence and exits 1, no worker started', async () => {
    const port = Number(new URL(url).port);
    const second = spawnServer({
      WORKERS: '2',
      PORT: String(port),
      ...databaseEnv(await makeDatabase(join(dir, 'second.db'))),
      SESSION_SECRET: 'w'.repeat(40),
      LOG_LEVEL: 'info',
    });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.stderr()).toBe(
      `Port ${port} on 127.0.0.1 is already in use; stop the program using it or set PORT to another port.\n`,
    );
    expect(logLines(second).filter((line) => /^worker \d+ serving$/.test(line.msg))).toEqual([]);
  }, 30_000);
});

describe('WORKERS=2 on one port', () => {
  it('prints the start-up line once, and one line per worker with its pid', () => {
    const lines = logLines(server);
    const listening = lines.filter((line) => line.msg.startsWith('Server listening'));
    expect(listening).toHaveLength(1);
    expect(listening[0]).toMatchObject({ pid: server.child.pid, url, workers: 2 });
    const workers = lines.filter((line) => /^worker \d+ serving$/.test(line.msg));
    expect(workers).toHaveLength(2);
    expect(new Set(workers.map((line) => line.pid)).size).toBe(2);
    expect(workers.map((line) => line.pid)).not.toContain(server.child.pid);
  });

  it('answers /healthz from both workers over fresh connections, each naming its process', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => healthz(url)));
    const pids = new Set(answers.map(({ body }) => body.pid));
    expect(pids).toEqual(new Set(servingPids()));
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'ok', redis: 'off' });
      expect(body.process).toMatch(new RegExp(`:${body.pid}:`));
    }
    // Every log line says which process wrote it.
    expect(logLines(server).every((line) => typeof line.pid === 'number')).toBe(true);
  });

  it('keeps a socket.io session on the polling transport with its worker, poll after poll', async () => {
    const socket = connect(url, { transports: ['polling'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    let disconnected = '';
    socket.on('disconnect', (reason) => (disconnected = reason));
    // Each acknowledged event is a POST and the GET that brings its answer back.
    for (let i = 0; i < 30; i++) {
      const reply = (await socket.timeout(5_000).emitWithAck('leaveChat', i + 1)) as {
        ok: boolean;
      };
      expect(reply).toEqual({ ok: true });
    }
    const refusal = (await socket.timeout(5_000).emitWithAck('joinChat', 'no chat')) as {
      ok: boolean;
      error?: string;
    };
    expect(refusal.ok).toBe(false);
    expect(socket.io.engine.transport.name).toBe('polling');
    expect(disconnected).toBe('');
    expect(socket.connected).toBe(true);
  });

  it('carries a tRPC subscription over a WebSocket through the primary', async () => {
    const cookie = await signUp('worker_watcher');
    await signUp('worker_newcomer');
    const wsClient = createWSClient({
      url: `${url.replace('http', 'ws')}/trpc`,
      WebSocket: class extends WebSocket {
        constructor(address: string | URL) {
          super(address, { headers: { cookie } });
        }
      } as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    const seen: string[] = [];
    // From the first event on: the shared outbox replays both sign-ups, whichever worker took them.
    const sub = client.user.onUserChanged.subscribe(
      { lastEventId: '0' },
      {
        onData: (event) => {
          if ('user' in event.data) seen.push(`${event.data.type}:${event.data.user.username}`);
        },
      },
    );
    await expect
      .poll(() => seen)
      .toEqual(expect.arrayContaining(['created:worker_watcher', 'created:worker_newcomer']));
    // Live: written through either worker, heard by this one.
    for (const username of ['worker_live_1', 'worker_live_2']) await signUp(username);
    await expect
      .poll(() => seen)
      .toEqual(expect.arrayContaining(['created:worker_live_1', 'created:worker_live_2']));
    sub.unsubscribe();
    await wsClient.close();
  });

  it('starts another worker when one dies, after a short wait, while the other serves', async () => {
    const [victim, survivor] = servingPids();
    expect(victim).toBeDefined();
    process.kill(victim as number, 'SIGKILL');
    await logged(
      server,
      (line) =>
        line.msg === 'worker exited unexpectedly; starting another' && line.worker === victim,
    );
    for (const pid of await answeringPids(4)) expect(pid).toBe(survivor);
    await expect.poll(() => servingPids().length, { timeout: 30_000 }).toBe(2);
    expect(servingPids()).not.toContain(victim);
  }, 60_000);

  it('drains only the worker that gets SIGTERM: the other keeps its sockets and its answers', async () => {
    const cookie = await signUp('worker_sleeper');
    // Four WebSockets, handed over in turn: two on each worker.
    const opened = [];
    for (let i = 0; i < 4; i++) opened.push(await openTrpcSocket(cookie));
    const [stopping, staying] = servingPids();
    process.kill(stopping as number, 'SIGTERM');
    await logged(server, (line) => line.msg === 'worker draining' && line.worker === stopping);
    for (const pid of await answeringPids(6)) expect(pid).toBe(staying);
    await logged(
      server,
      (line) => line.msg === 'worker stopped; starting another' && line.worker === stopping,
    );
    const closed = opened.filter(({ ws }) => ws.readyState !== WebSocket.OPEN);
    expect(closed).toHaveLength(2);
    for (const { closed: reason } of closed)
      expect(await reason).toEqual({ code: 1001, reason: 'Server is shutting down' });
    expect(opened.filter(({ ws }) => ws.readyState === WebSocket.OPEN)).toHaveLength(2);
    expect(
      logLines(server).find((line) => line.msg === 'stopped' && line.pid === stopping),
    ).toMatchObject({ drained: true });
    await expect.poll(() => servingPids().length, { timeout: 30_000 }).toBe(2);
    expect(new Set(await answeringPids(6))).toEqual(new Set(servingPids()));
  }, 60_000);

  it('drains every worker on SIGTERM to the primary: all exit 0 within SHUTDOWN_TIMEOUT', async () => {
    const workers = servingPids();
    expect(workers).toHaveLength(2);
    const sent = performance.now();
    server.child.kill('SIGTERM');
    const { code, signal, at } = await server.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(at - sent).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    for (const pid of workers) {
      expect(isRunning(pid)).toBe(false);
      expect(
        logLines(server).find((line) => line.msg === 'stopped' && line.pid === pid),
      ).toMatchObject({ drained: true });
    }
    expect(server.stderr()).toBe('');
  }, 30_000);
});
