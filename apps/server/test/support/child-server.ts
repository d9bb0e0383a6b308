import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * For tests of the process itself (start-up errors, shutdown): the server's bundle, as `npm start`
 * runs it, on 127.0.0.1, with its stdout and stderr kept. The bundle is built once per test run
 * (build-test-server.ts, vitest's global setup): compiling TypeScript at every start took seconds,
 * and far longer on a busy machine, where start-up tests then ran out of time.
 */

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Beside dist/ (same depth, so the bundle finds the checkout and better-sqlite3 as dist/ does). */
export const TEST_BUILD_DIR = join(SERVER_DIR, 'dist-test');
export const TEST_BUNDLE = join(TEST_BUILD_DIR, 'server.mjs');

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ChildServer {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal) and when it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export function spawnServer(env: Record<string, string>): ChildServer {
  const child = spawn(process.execPath, [TEST_BUNDLE], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Resolves once GET /healthz answers 200; throws with the server's output if it exits first. */
export async function waitUntilHealthy(server: ChildServer, url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`The server did not start:\n${server.stdout()}\n${server.stderr()}`);
}
