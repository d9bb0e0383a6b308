import { request } from 'node:http';
import type { ChildServer } from './child-server';

/** What GET /healthz says in JSON: which process answered, and whether Redis answers. */
export interface Health {
  status: string;
  pid: number;
  process: string;
  redis: 'off' | 'up' | 'down';
}

/** GET /healthz in JSON over a connection of its own (no keep-alive: each may reach another process). */
export function healthz(url: string): Promise<{ status: number; body: Health }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/healthz`,
      { agent: false, headers: { accept: 'application/json', connection: 'close' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export interface LogLine {
  msg: string;
  level: string;
  pid: number;
  [key: string]: unknown;
}

/** The server's JSON log lines so far (every process of it writes to the same stdout). */
export const logLines = (server: ChildServer): LogLine[] =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** Resolves once a log line matches; throws with the output after `timeout` ms. */
export async function logged(
  server: ChildServer,
  match: (line: LogLine) => boolean,
  timeout = 20_000,
): Promise<void> {
  const deadline = performance.now() + timeout;
  while (!logLines(server).some(match)) {
    if (performance.now() > deadline)
      throw new Error(`No such log line within ${timeout} ms:\n${server.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Whether a process of this pid is still running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
