import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GUEST_PRELUDE } from './assert';
import { DEFAULT_LIMITS, resolveLimits, workerStackSizeMb } from './limits';
import {
  SandboxBusyError,
  type Sandbox,
  type SandboxLimits,
  type SandboxOptions,
  type TestResult,
} from './types';
import { messages, testResult } from './verdicts.mjs';

const WORKER_URL = new URL('./worker.mjs', import.meta.url);
/** A worker's own JavaScript heap (the guest's memory is WebAssembly memory, outside it). */
const WORKER_HEAP_MB = 256;
/** Workers that die before they are ready, in a row, before the pool gives up. */
const MAX_START_FAILURES = 3;

interface Job {
  id: number;
  code: string;
  tests: readonly string[];
  limits: SandboxLimits;
  results: TestResult[];
  /** Index of the test the worker is running (or will run next). */
  next: number;
  resolve(results: TestResult[]): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Ended by the pool (or already gone): its late messages and exit are ignored. */
  retired: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** When the test in flight started, for the wall-clock verdict. */
  testStartedAt: bigint;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; jobId: number; index: number; result: TestResult; fatal: boolean };

/** Builds the pool of QuickJS workers; call once per process and close() at shutdown. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return new SandboxPool(options);
}

/** Workers when the caller does not say: the machine's cores minus one (for the main thread). */
export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism() - 1);
}

class SandboxPool implements Sandbox {
  private readonly size: number;
  private readonly queueLimit: number;
  private readonly graceMs: number;
  private readonly limits: SandboxLimits;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextJobId = 1;
  private startFailures = 0;
  private closed = false;
  private broken: Error | null = null;

  constructor(options: SandboxOptions) {
    this.size = Math.max(1, Math.floor(options.workers ?? defaultWorkerCount()));
    this.queueLimit = Math.max(0, Math.floor(options.queueLimit ?? 100));
    this.graceMs = Math.max(0, options.graceMs ?? 1000);
    this.limits = resolveLimits(DEFAULT_LIMITS, options.limits);
    for (let i = 0; i < this.size; i++) this.spawn();
  }

  runTests(
    code: string,
    testCases: readonly string[],
    limits?: Partial<SandboxLimits>,
  ): Promise<TestResult[]> {
    if (this.closed) return Promise.reject(new Error('The code runner has been stopped.'));
    if (this.broken) {
      // Workers failed to start: try again for this call (it is refused too if they fail again).
      this.broken = null;
      this.startFailures = 0;
      while (this.slots.size < this.size) this.spawn();
    }
    if (typeof code !== 'string' || !testCases.every((test) => typeof test === 'string')) {
      return Promise.reject(new TypeError('runTests takes a string of code and strings of tests.'));
    }
    if (testCases.length === 0) return Promise.resolve([]);
    const resolved = resolveLimits(this.limits, limits);
    // The workers' native stacks were sized for the pool's stack limit: a call may only lower it.
    resolved.stackBytes = Math.min(resolved.stackBytes, this.limits.stackBytes);

    const idle = this.idleSlot();
    if (!idle && this.queue.length >= this.queueLimit) {
      return Promise.reject(new SandboxBusyError());
    }
    return new Promise<TestResult[]>((resolve, reject) => {
      const job: Job = {
        id: this.nextJobId++,
        code,
        tests: [...testCases],
        limits: resolved,
        results: [],
        next: 0,
        resolve,
        reject,
      };
      if (idle) this.dispatch(idle, job);
      else this.queue.push(job);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const stopped = new Error('The code runner has been stopped.');
    for (const job of this.queue.splice(0)) job.reject(stopped);
    const endings: Promise<number>[] = [];
    for (const slot of this.slots) {
      slot.job?.reject(stopped);
      endings.push(this.retire(slot));
    }
    await Promise.all(endings);
  }

  private spawn(): void {
    if (this.closed || this.broken) return;
    const worker = new Worker(WORKER_URL, {
      workerData: { prelude: GUEST_PRELUDE, memoryBytes: this.limits.memoryBytes },
      // Plain JavaScript: no loader (tsx, vitest) is needed or inherited.
      execArgv: [],
      resourceLimits: {
        stackSizeMb: workerStackSizeMb(this.limits.stackBytes),
        maxOldGenerationSizeMb: WORKER_HEAP_MB,
      },
    });
    // Unreferenced while idle: a script that forgets close() still exits. (Piped stdio would keep
    // the process alive; the worker prints nothing: the guest's console is captured in the guest
    // and Emscripten's own printing is silenced in runner.mjs.)
    worker.unref();
    const slot: Slot = {
      worker,
      ready: false,
      retired: false,
      job: null,
      timer: null,
      testStartedAt: 0n,
    };
    this.slots.add(slot);
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onLost(slot, error));
    worker.on('exit', () => this.onLost(slot, null));
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (slot.ready && !slot.job && !slot.retired) return slot;
    return undefined;
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.worker.postMessage({
      type: 'run',
      jobId: job.id,
      code: job.code,
      tests: job.tests,
      start: job.next,
      limits: job.limits,
    });
    this.startClock(slot);
  }

  /** The host-side wall clock for the test in flight: the outer limit, past the interrupt handler. */
  private startClock(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    if (!job) return;
    slot.testStartedAt = process.hrtime.bigint();
    slot.timer = setTimeout(() => this.onWallClock(slot), job.limits.timeMs + this.graceMs);
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (slot.retired) return;
    if (message.type === 'ready') {
      slot.ready = true;
      this.startFailures = 0;
      this.pump(slot);
      return;
    }
    const job = slot.job;
    if (!job || message.jobId !== job.id || message.index !== job.next) return;
    job.results[message.index] = message.result;
    job.next = message.index + 1;
    if (message.fatal) {
      // The interpreter may be corrupted: a fresh worker takes over the rest of the job.
      void this.retire(slot);
      this.spawn();
      this.continue(job);
    } else if (job.next >= job.tests.length) {
      this.finish(slot, job);
    } else {
      this.startClock(slot);
    }
  }

  /** A worker that did not answer in time is ended; its test in flight is a time-limit verdict. */
  private onWallClock(slot: Slot): void {
    const job = slot.job;
    if (slot.retired || !job) return;
    const elapsed = Number(process.hrtime.bigint() - slot.testStartedAt);
    job.results[job.next] = testResult('Time Limit Exceeded', {
      cpuTime: elapsed,
      errorMessage: messages.notStopped(job.limits.timeMs),
    });
    job.next++;
    void this.retire(slot);
    this.spawn();
    this.continue(job);
  }

  /** A worker that exited or threw on its own (out of heap, a bug): replace it. */
  private onLost(slot: Slot, error: Error | null): void {
    if (slot.retired) return;
    const job = slot.job;
    void this.retire(slot);
    if (!slot.ready) {
      this.startFailures++;
      if (this.startFailures >= MAX_START_FAILURES) {
        this.broken = new Error('The code runner could not start.', { cause: error });
        for (const job of this.queue.splice(0)) job.reject(this.broken);
        return;
      }
    }
    if (job) {
      const outOfMemory =
        (error as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.results[job.next] = outOfMemory
        ? testResult('Memory Limit Exceeded', {
            errorMessage: messages.memoryLimit(job.limits.memoryBytes),
          })
        : testResult('Runtime Error', { errorMessage: messages.crashed });
      job.next++;
      this.continue(job);
    }
    this.spawn();
  }

  /** Ends a worker for good; its slot answers nothing more. */
  private retire(slot: Slot): Promise<number> {
    slot.retired = true;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    this.slots.delete(slot);
    return slot.worker.terminate();
  }

  /** Puts a job that lost its worker back at the head of the queue, or finishes it. */
  private continue(job: Job): void {
    if (job.next >= job.tests.length) {
      job.resolve(job.results);
      return;
    }
    this.queue.unshift(job);
    const idle = this.idleSlot();
    if (idle) this.pump(idle);
  }

  private finish(slot: Slot, job: Job): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    job.resolve(job.results);
    this.pump(slot);
  }

  /** Gives an idle worker the next job, or lets the process exit without it while it waits. */
  private pump(slot: Slot): void {
    const job = this.queue.shift();
    if (job) this.dispatch(slot, job);
    else slot.worker.unref();
  }
}
