import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { startServer } from './app';
import { balanceConnections } from './ops/balancer';
import { DEFAULT_HTTP_TIMEOUTS, type ServerConfig } from './ops/config';
import type { Logger } from './ops/log';
import { prepareDatabase } from './ops/prepare-database';
import { exitOnSignals, type ShutdownReport } from './ops/shutdown';

/**
 * WORKERS=N (N > 1): N server processes on one port (node:cluster). The primary migrates and seeds
 * the database once, listens on PORT, and hands each connection to a worker; each worker is the
 * whole server (startServer) on the shared database. socket.io's polling transport needs every
 * request of a session to reach the process that holds it, so the primary routes by the request's
 * `sid` and takes turns for the rest (balancer.ts); the workers close each HTTP connection after
 * its answer (@socket.io/sticky's setupWorker), so the next request is routed afresh.
 */

/** What a worker tells the primary, and the primary a worker (besides sticky's own messages). */
type ClusterMessage =
  { type: 'qa:ready' } | { type: 'qa:draining' } | { type: 'qa:shutdown'; timeoutMs: number };

const isClusterMessage = (message: unknown): message is ClusterMessage =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as { type?: unknown }).type === 'string' &&
  (message as { type: string }).type.startsWith('qa:');

/** The first restart of a worker that died comes this soon; each more in a minute waits twice as long. */
const RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 10_000;
const CRASH_MEMORY_MS = 60_000;

/** Raised when a worker fails before the cluster ever served: it printed its own reason. */
export class WorkerStartError extends Error {
  constructor(code: number | null, signal: string | null) {
    super(
      `A server process could not start (${signal ?? `exit code ${code}`}); its reason is above.`,
    );
  }
}

export interface RunningPrimary {
  url: string;
  /** Every worker drains (each its own graceful shutdown) within `timeoutMs`, then the primary ends. */
  stop(timeoutMs: number): Promise<ShutdownReport>;
}

/** The primary: prepares the database, listens, forks `config.workers` workers and keeps them up. */
export async function startPrimary(
  config: ServerConfig,
  { log }: { log: Logger },
): Promise<RunningPrimary> {
  const count = config.workers ?? 1;
  await prepareDatabase(config);

  // Requests' bytes travel over IPC as Buffers, not as JSON copies of them.
  cluster.setupPrimary({ serialization: 'advanced' });
  // The port: each connection goes to a worker before anything of it is read here but its first bytes.
  const balancer = createServer();
  const balance = balanceConnections(balancer, {
    headersMs: config.timeouts?.headersMs ?? DEFAULT_HTTP_TIMEOUTS.headersMs,
  });
  await new Promise<void>((resolve, reject) => {
    balancer.once('error', reject);
    balancer.listen(config.port, config.host, () => {
      balancer.off('error', reject);
      resolve();
    });
  });

  let stopping = false;
  let serving = false;
  const draining = new Set<number>();
  const crashes: number[] = [];
  const restarts = new Set<NodeJS.Timeout>();
  let startFailed: ((error: Error) => void) | undefined;
  const readyWorkers = new Set<number>();
  let allReady: (() => void) | undefined;

  const fork = () => cluster.fork();

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.type === 'qa:ready') {
      balance.admit(worker);
      readyWorkers.add(worker.id);
      if (readyWorkers.size >= count) allReady?.();
    } else if (message.type === 'qa:draining') {
      draining.add(worker.id);
      balance.leaveOut(worker);
      if (!stopping) log.info({ worker: worker.process.pid }, 'worker draining');
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    readyWorkers.delete(worker.id);
    if (stopping) return;
    if (!serving) {
      startFailed?.(new WorkerStartError(code, signal));
      return;
    }
    const pid = worker.process.pid;
    if (draining.delete(worker.id) && code === 0) {
      log.info({ worker: pid }, 'worker stopped; starting another');
      fork();
      return;
    }
    const now = performance.now();
    crashes.push(now);
    while (crashes.length > 0 && (crashes[0] ?? now) < now - CRASH_MEMORY_MS) crashes.shift();
    const delayMs = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** (crashes.length - 1));
    log.warn(
      { worker: pid, code, signal, delayMs },
      'worker exited unexpectedly; starting another',
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork();
    }, delayMs);
    restarts.add(timer);
  });

  const workersExited = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (Object.keys(cluster.workers ?? {}).length > 0) return;
        cluster.off('exit', check);
        resolve();
      };
      cluster.on('exit', check);
      check();
    });

  try {
    await new Promise<void>((resolve, reject) => {
      allReady = resolve;
      startFailed = reject;
      for (let i = 0; i < count; i++) fork();
    });
  } catch (error) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGKILL');
    await workersExited();
    balancer.close();
    throw error;
  }
  serving = true;

  const address = balancer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    async stop(timeoutMs) {
      const started = performance.now();
      stopping = true;
      for (const timer of restarts) clearTimeout(timer);
      balancer.close();
      // The workers get a little less time than the primary, which waits for them.
      const budget = Math.max(1, timeoutMs - Math.min(500, timeoutMs / 10));
      const codes: (number | null)[] = [];
      const counted = (_worker: Worker, code: number | null) => codes.push(code);
      cluster.on('exit', counted);
      const message: ClusterMessage = { type: 'qa:shutdown', timeoutMs: budget };
      for (const worker of Object.values(cluster.workers ?? {}))
        if (worker?.isConnected()) worker.send(message);
      await workersExited();
      cluster.off('exit', counted);
      if (codes.some((code) => code !== 0))
        throw new Error(`a worker did not stop cleanly (exit codes ${codes.join(', ')})`);
      return { drained: true, ms: Math.round(performance.now() - started) };
    },
  };
}

/**
 * A worker: the whole server, taking its connections from the primary. SIGTERM drains this worker
 * alone (the primary starts another); SIGINT is the primary's to act on (Ctrl-C reaches every
 * process of the terminal's group), which tells each worker to stop.
 */
export async function startWorker(
  config: ServerConfig,
  { timeoutMs, log }: { timeoutMs: number; log: Logger },
): Promise<void> {
  // The primary seeded the database before forking.
  const running = await startServer({ ...config, seedDemo: false }, { listen: false, log });
  const stop = exitOnSignals(
    (ms) => {
      process.send?.({ type: 'qa:draining' } satisfies ClusterMessage);
      return running.shutdown(ms);
    },
    { timeoutMs, log, signals: ['SIGTERM'] },
  );
  process.on('SIGINT', () => {});
  process.on('message', (message: unknown) => {
    if (isClusterMessage(message) && message.type === 'qa:shutdown')
      stop('the primary stops', message.timeoutMs);
  });
  log.info({ worker: cluster.worker?.id }, `worker ${cluster.worker?.id ?? ''} serving`);
  process.send?.({ type: 'qa:ready' } satisfies ClusterMessage);
}
