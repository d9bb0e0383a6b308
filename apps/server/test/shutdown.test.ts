import { closeDatabase, databaseKind, openDatabase, users } from '@app/db';
import { asc } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, spawnServer, waitUntilHealthy, type ChildServer } from './support/child-server';
import { databaseEnv, useTestDatabases } from './support/test-database';

// On SIGTERM the server stops taking connections, lets the requests under way
// finish, closes every WebSocket (tRPC and socket.io) with 1001 "Server is shutting down", stops
// the game timer and the code runner, closes the database (on SQLite after checkpointing the WAL),
// within SHUTDOWN_TIMEOUT, and exits 0.

// Registered first: each server's database is dropped once every server has stopped.
const makeDatabase = useTestDatabases();

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const children: ChildServer[] = [];
afterAll(() => {
  for (const server of children) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

async function start(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'qa-shutdown-'));
  dirs.push(dir);
  const database = await makeDatabase(join(dir, 'app.db'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    PORT: String(port),
    ...databaseEnv(database),
    SESSION_SECRET: 'd'.repeat(40),
    WEB_DIST: join(dir, 'no-web-build'),
    LOG_LEVEL: 'info',
    ...env,
  });
  children.push(server);
  await waitUntilHealthy(server, url);
  return { server, url, port, database, databasePath: database.path };
}

async function signUp(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ username, password: 'password123' })),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A WebSocket that has opened, with the close code and reason it will get. */
async function openSocket(address: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(address, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed };
}

/**
 * A request whose body has not all arrived: its headers and half its body are sent now, the rest
 * when `finish` is called. `underWay` resolves once the server has taken the request (it answers
 * `Expect: 100-continue` as it hands the request on); `answer` with everything the server sent after
 * that, once it closes.
 */
function slowRequest(port: number) {
  const body = JSON.stringify(
    superjson.serialize({ username: 'slowpoke', password: 'password123' }),
  );
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
  const underWay = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.startsWith(CONTINUE)) resolve();
    }),
  );
  socket.on('error', () => {});
  const answer = new Promise<string>((resolve) =>
    socket.once('close', () => resolve(received.replace(CONTINUE, ''))),
  );
  const half = Math.floor(body.length / 2);
  socket.write(
    'POST /trpc/auth.signup HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n' +
      `Expect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, half),
  );
  return { underWay, answer, finish: () => socket.write(body.slice(half)) };
}

const lines = (server: ChildServer) =>
  server
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; level: string; [key: string]: unknown });

/** Resolves once the server has written a log line with this message. */
const logged = (server: ChildServer, msg: string) =>
  expect.poll(() => lines(server).some((line) => line.msg === msg), { interval: 20 }).toBe(true);

/** The bytes in SQLite's write-ahead log (PostgreSQL has none of ours to look at: 0). */
function walBytes(databasePath: string): number {
  const wal = `${databasePath}-wal`;
  return existsSync(wal) ? statSync(wal).size : 0;
}

describe('SIGTERM', () => {
  // (docs/SECURITY.md cites this name.) On PostgreSQL there is no WAL file of ours: what is checked
  // there is that the database holds every write, as on SQLite.
  it('finishes the request under way, closes the sockets with a reason, checkpoints the WAL and exits 0', async () => {
    const { server, url, port, database, databasePath } = await start();
    const cookie = await signUp(url, 'sleeper');
    // SQLite's write-ahead log: the file's own, PostgreSQL has none.
    if (databaseKind === 'sqlite') expect(walBytes(databasePath)).toBeGreaterThan(0);
    const wsBase = url.replace('http', 'ws');
    const trpc = await openSocket(`${wsBase}/trpc`, { cookie });
    const socketIo = await openSocket(`${wsBase}/socket.io/?EIO=4&transport=websocket`);
    const slow = slowRequest(port);
    await slow.underWay;

    server.child.kill('SIGTERM');
    // It stops listening as it says so.
    await logged(server, 'shutting down');
    // No new connections any more…
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    // …but the request that was under way is answered, and its connection then closed (the answer
    // promise resolves when the server closes it: keep-alive ends with the drain).
    slow.finish();
    const answer = await slow.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"username":"slowpoke"');

    expect(await trpc.closed).toEqual({ code: 1001, reason: 'Server is shutting down' });
    expect(await socketIo.closed).toEqual({ code: 1001, reason: 'Server is shutting down' });

    // Exit code 0 is itself the proof it stopped within SHUTDOWN_TIMEOUT: past it, it exits 1.
    const { code, signal } = await server.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });

    expect(walBytes(databasePath)).toBe(0);
    const db = await openDatabase(database);
    try {
      // The file's integrity check is SQLite's own.
      if (databaseKind === 'sqlite')
        expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = await db
        .select({ username: users.username })
        .from(users)
        .orderBy(asc(users.id));
      expect(stored).toEqual([{ username: 'sleeper' }, { username: 'slowpoke' }]);
    } finally {
      await closeDatabase(db);
    }
    const messages = lines(server).map((line) => line.msg);
    expect(messages).toContain('shutting down');
    expect(lines(server).find((line) => line.msg === 'stopped')).toMatchObject({ drained: true });
    expect(server.stderr()).toBe('');
  }, 60_000);

  it('cuts a request that outlives SHUTDOWN_TIMEOUT and still exits 0 within it', async () => {
    const { server, port, databasePath } = await start({ SHUTDOWN_TIMEOUT: '1s' });
    const stuck = slowRequest(port);
    await stuck.underWay;
    server.child.kill('SIGTERM');
    // 0, not 1: it stopped within the second it had, cutting the request.
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(await stuck.answer).toBe('');
    expect(walBytes(databasePath)).toBe(0);
    const cut = lines(server).find((line) => line.level === 'warn');
    expect(cut).toMatchObject({ msg: 'connections still open at the deadline: cut', open: 1 });
    expect(lines(server).find((line) => line.msg === 'stopped')).toMatchObject({ drained: false });
  }, 60_000);

  it('stops the same way on SIGINT (Ctrl-C)', async () => {
    const { server } = await start();
    server.child.kill('SIGINT');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(lines(server).find((line) => line.msg === 'stopped')).toMatchObject({ drained: true });
  }, 60_000);
});
