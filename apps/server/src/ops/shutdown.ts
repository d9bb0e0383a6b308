import { parseDuration } from '@app/api';
import { closeDatabase, type Db } from '@app/db';
import type { Server } from 'node:http';
import type { Logger } from './log';

/** The close code and reason every live connection gets when the server stops (1001: going away). */
export const GOING_AWAY = 1001;
export const SHUTDOWN_REASON = 'Server is shutting down';
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** SHUTDOWN_TIMEOUT ("10s", "500ms", a bare number of ms): how long a stop may take in all. */
export function shutdownTimeoutFrom(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.SHUTDOWN_TIMEOUT;
  if (text === undefined || text.trim() === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  let ms: number;
  try {
    ms = parseDuration(text);
  } catch (error) {
    throw new Error(`SHUTDOWN_TIMEOUT: ${(error as Error).message}`);
  }
  if (ms < 1) throw new Error(`SHUTDOWN_TIMEOUT must be longer than 0, not "${text}".`);
  return ms;
}

/** What a stop needs of the running server (app.ts hands them over). */
export interface ShutdownParts {
  server: Server;
  /** From now on answers close their connection and /healthz answers 503. */
  beginDraining(): void;
  /** Tells every live connection (tRPC WebSocket, socket.io) to go away, with the code and reason. */
  closeLiveConnections(code: number, reason: string): void;
  /** Cuts the live connections that have not finished closing. */
  cutLiveConnections(): void;
  /** Stops the timers (game deadlines, event pruning) and the code runner's workers. */
  stopWork(): Promise<void>;
  /**
   * Connections still open, those the primary handed over included (a cluster worker does not
   * listen, so its server's own count and close event know nothing of them).
   */
  openConnections?(): number;
  db: Db;
  log: Logger;
}

export interface ShutdownReport {
  /** Whether every request and connection ended by itself before the deadline. */
  drained: boolean;
  ms: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once `done` says so, asked every 50 ms. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(50);
}

/**
 * Stops the server within `timeoutMs`: no new connections; requests under way finish (each answer
 * closes its keep-alive connection); live connections are closed with 1001 "Server is shutting
 * down", so clients reconnect to the next process; what is still open near the deadline is cut.
 * Then the timers and the code runner stop, the WAL is checkpointed into the database file
 * (TRUNCATE: it is left empty) and the database closed. A quarter of the time, at most 2 s, is kept
 * for those last steps.
 */
export async function shutDown(parts: ShutdownParts, timeoutMs: number): Promise<ShutdownReport> {
  const { server, log } = parts;
  const started = performance.now();
  const drainMs = timeoutMs - Math.min(2000, timeoutMs / 4);

  parts.beginDraining();
  const openConnections = parts.openConnections ?? (() => 0);
  const closed = new Promise<void>((resolve) => server.close(() => resolve())).then(() =>
    until(() => openConnections() === 0),
  );
  server.closeIdleConnections();
  parts.closeLiveConnections(GOING_AWAY, SHUTDOWN_REASON);
  // A keep-alive connection whose answer went out before draining began goes idle later.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const drained = await Promise.race([closed.then(() => true), sleep(drainMs).then(() => false)]);
  clearInterval(idle);
  if (!drained) {
    const open = Math.max(
      openConnections(),
      await new Promise<number>((resolve) =>
        server.getConnections((error, count) => resolve(error ? -1 : count)),
      ),
    );
    log.warn({ open, afterMs: Math.round(drainMs) }, 'connections still open at the deadline: cut');
    server.closeAllConnections();
    parts.cutLiveConnections();
    await Promise.race([closed, sleep(Math.min(500, timeoutMs - drainMs))]);
  }

  await parts.stopWork();
  // SQLite's write-ahead log is emptied into the file; PostgreSQL's pool ends.
  await closeDatabase(parts.db);
  return { drained, ms: Math.round(performance.now() - started) };
}

/**
 * SIGTERM and SIGINT stop the server gracefully (`stop`), then the process exits 0; a stop that
 * fails or outlives the timeout exits 1, and so does a second signal (Ctrl-C twice). `signals`
 * says which signals stop it (a cluster worker leaves SIGINT to its primary). The answer starts the
 * same stop for another reason (the primary's word), with a budget of its own if given; once a stop
 * is under way it does nothing.
 */
export function exitOnSignals(
  stop: (timeoutMs: number) => Promise<ShutdownReport>,
  options: { timeoutMs: number; log: Logger; signals?: readonly NodeJS.Signals[] },
): (reason: string, timeoutMs?: number) => void {
  const { log, signals = ['SIGTERM', 'SIGINT'] } = options;
  let stopping = false;
  const begin = (cause: Record<string, unknown>, timeoutMs: number) => {
    stopping = true;
    log.info({ ...cause, timeoutMs }, 'shutting down');
    setTimeout(() => {
      log.error({ timeoutMs }, 'the server did not stop within SHUTDOWN_TIMEOUT');
      process.exit(1);
    }, timeoutMs).unref();
    stop(timeoutMs).then(
      (report) => {
        log.info(report, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'the server could not stop cleanly');
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: stopping at once');
      process.exit(1);
    }
    begin({ signal }, options.timeoutMs);
  };
  for (const signal of signals) process.on(signal, onSignal);
  return (reason, timeoutMs = options.timeoutMs) => {
    if (!stopping) begin({ reason }, timeoutMs);
  };
}
