// @ts-check
// The worker thread: loads QuickJS once, then runs jobs one at a time, posting one message per
// test so the pool can time each test and replace this worker when one of them is fatal. Plain
// JavaScript so it starts under any loader (the pool gives it no execArgv).
import { parentPort, workerData } from 'node:worker_threads';
import { loadInterpreter, runTest } from './runner.mjs';

/** @typedef {import('./types').SandboxLimits} SandboxLimits */
/** @typedef {import('./types').TestResult} TestResult */
/**
 * @typedef {{ type: 'run'; jobId: number; code: string; tests: string[]; start: number; limits: SandboxLimits }} RunMessage
 * @typedef {{ type: 'ready' } | { type: 'result'; jobId: number; index: number; result: TestResult; fatal: boolean }} WorkerMessage
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

port.on('message', async (/** @type {RunMessage} */ job) => {
  if (poisoned || job.type !== 'run') return;
  // A call with a different memory limit gets an interpreter whose memory is sized for it.
  if (job.limits.memoryBytes !== interpreter.memoryBytes) {
    interpreter = await loadInterpreter(job.limits.memoryBytes);
  }
  for (let index = job.start; index < job.tests.length; index++) {
    const test = job.tests[index] ?? '';
    const { result, fatal } = runTest(interpreter, {
      prelude,
      code: job.code,
      test,
      limits: job.limits,
    });
    post({ type: 'result', jobId: job.jobId, index, result, fatal });
    if (fatal) {
      poisoned = true;
      return;
    }
  }
});

post({ type: 'ready' });
