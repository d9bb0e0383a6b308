// @ts-check
// The worker thread: loads QuickJS once, then runs one test per message, so the pool can time each
// test, share the worker fairly between users, and replace it when a test is fatal. Plain
// JavaScript so it starts under any loader (the pool gives it no execArgv).
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { loadInterpreter, runTest } from './runner.mjs';

/** @typedef {import('./types').SandboxLimits} SandboxLimits */
/** @typedef {import('./types').TestResult} TestResult */
/**
 * @typedef {{ type: 'run'; jobId: number; index: number; code: string; test: string; limits: SandboxLimits }} RunMessage
 * @typedef {{ type: 'ready'; schedstat: string | null } | { type: 'result'; jobId: number; index: number; result: TestResult; fatal: boolean; retry: boolean }} WorkerMessage
 */

const port = parentPort;
if (!port) throw new Error('worker.mjs runs as a worker thread');
const { prelude, memoryBytes } = /** @type {{ prelude: string; memoryBytes: number }} */ (
  workerData
);

let interpreter = await loadInterpreter(memoryBytes);
/** Set once a test poisoned the interpreter: the pool is about to end this worker. */
let poisoned = false;

/** @param {WorkerMessage} message */
const post = (message) => port.postMessage(message);

// One test per message: between two tests the pool may give this worker someone else's job.
port.on('message', async (/** @type {RunMessage} */ job) => {
  if (poisoned || job.type !== 'run') return;
  // A call with a different memory limit gets an interpreter whose memory is sized for it.
  if (job.limits.memoryBytes !== interpreter.memoryBytes) {
    interpreter = await loadInterpreter(job.limits.memoryBytes);
  }
  const {
    result,
    fatal,
    retry = false,
  } = runTest(interpreter, {
    prelude,
    code: job.code,
    test: job.test,
    limits: job.limits,
  });
  if (fatal) poisoned = true;
  post({ type: 'result', jobId: job.jobId, index: job.index, result, fatal, retry });
});

/**
 * Where the pool can read this thread's CPU time (Linux), so that its outer limit counts the time
 * this thread ran rather than the time a busy machine made it wait.
 */
function schedstatPath() {
  try {
    return `/proc/${readlinkSync('/proc/thread-self')}/schedstat`;
  } catch {
    return null;
  }
}

post({ type: 'ready', schedstat: schedstatPath() });
