import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import superjson from 'superjson';
import { benchOnPostgres, dropPostgresFor, postgresFor } from './postgres';

// BENCH_SERVER_ROOT runs the server of another checkout on the same data (before/after figures).
const root = process.env.BENCH_SERVER_ROOT ?? resolve(import.meta.dirname, '../..');

/**
 * Settings for load: the write limits (README settings) raised so one user can write thousands a
 * second, and the socket caps raised so 1,000 sockets may share one session and one address. The
 * limits stay on (every write is still counted), only their numbers change.
 */
export const LOAD_SETTINGS: Record<string, string> = {
  ...Object.fromEntries(
    [
      'SIGNUPS',
      'QUESTIONS',
      'ANSWERS',
      'COMMENTS',
      'EDITS',
      'VOTES',
      'VIEWS',
      'NEW_TAGS',
      'MESSAGES',
      'CHATS',
      'CHAT_PARTICIPANTS',
      'CHAT_READS',
    ].map((kind) => [`RATE_LIMIT_${kind}`, '10000000/1m']),
  ),
  CAP_SOCKETS_PER_SESSION: '2000',
  CAP_SOCKETS_PER_ADDRESS: '2000',
};

export interface BenchServer {
  base: string;
  databasePath: string;
  /** The server process's id (its RSS is read from /proc). */
  pid: number;
  /** Calls a tRPC mutation as the holder of `cookie` and answers its data (throws on failure). */
  mutate<T>(path: string, input: unknown, cookie?: string): Promise<T>;
  /** Signs a user up and answers their session cookie. */
  signUp(username: string): Promise<string>;
  stop(): Promise<void>;
}

/** Removes a bench database: its folder, and its PostgreSQL copy when it had one. */
export async function releaseBenchDatabase(db: { dir: string; databasePath: string }) {
  rmSync(db.dir, { recursive: true, force: true });
  await dropPostgresFor(db.databasePath);
}

/** A fresh database file in a temporary folder, for the bench to fill before the server starts. */
export function benchDatabase(): { dir: string; databasePath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'qa-bench-'));
  return { dir, databasePath: join(dir, 'bench.db') };
}

/**
 * Starts the real server's bundle in its own process on a database, as `npm start` does (production
 * mode). `keepDatabase`: its stop leaves the database's folder (another process still uses it).
 */
export async function startBenchServer(
  db: { dir: string; databasePath: string },
  port: number,
  env: Record<string, string> = {},
  { keepDatabase = false }: { keepDatabase?: boolean } = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  // Measuring a server left over from an earlier run would measure the wrong thing.
  if (taken) throw new Error(`Port ${port} already answers: stop what runs there first.`);
  const bundle = join(root, 'apps/server/dist/server.mjs');
  if (!existsSync(bundle))
    throw new Error(
      `${bundle} is missing: build the server first (pnpm --filter @app/server build).`,
    );
  // BENCH_DATABASE=postgres: the same site, served from PostgreSQL (support/postgres.ts).
  const postgres = benchOnPostgres ? await postgresFor(db.databasePath) : null;
  const server: ChildProcess = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: db.databasePath,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      // Request logs are written as in production (info), to /dev/null: their cost is measured.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Even a bench that crashes must not leave its server behind.
  const killOnExit = () => server.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    server.kill('SIGTERM');
    // A server busy with requests still queued (a slow route under load) is not waited for.
    const killer = setTimeout(() => server.kill('SIGKILL'), 5000);
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    clearTimeout(killer);
    if (!keepDatabase) await releaseBenchDatabase(db);
  };
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 30_000) {
      await stop();
      throw new Error('server did not start');
    }
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  async function call(path: string, input: unknown, cookie?: string) {
    return fetch(`${base}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(superjson.serialize(input)),
    });
  }

  return {
    base,
    databasePath: db.databasePath,
    pid: server.pid ?? 0,
    async mutate<T>(path: string, input: unknown, cookie?: string) {
      const res = await call(path, input, cookie);
      const text = await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
      const body = JSON.parse(text) as { result: { data: ReturnType<typeof superjson.serialize> } };
      return superjson.deserialize<T>(body.result.data);
    },
    async signUp(username) {
      const res = await call('auth.signup', { username, password: 'password123' });
      if (!res.ok) throw new Error(`signup ${username} answered ${res.status}`);
      return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    },
    stop,
  };
}
