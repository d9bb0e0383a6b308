import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GUEST_PRELUDE } from './assert';
import { DEFAULT_LIMITS, resolveLimits, workerStackSizeMb } from './limits';
import {
  SandboxBusyError,
  SandboxCancelledError,
  SandboxOwnerLimitError,
  type RunOptions,
  type Sandbox,
  type SandboxLimits,
  type SandboxOptions,
  type SandboxWorkerSource,
  type TestResult,
} from './types';
import { messages, testResult } from './verdicts.mjs';

const WORKER_URL = new URL('./worker.mjs', import.meta.url);
/** A worker's own JavaScript heap (the guest's memory is WebAssembly memory, outside it). */
const WORKER_HEAP_MB = 256;
/** Workers that die before they are ready, in a row, before the pool gives up. */
const MAX_START_FAILURES = 3;
/** Fresh workers a test whose setup failed is tried on before its call fails (no verdict). */
const MAX_SETUP_RETRIES = 2;
/**
 * The host's outer limit per test is timeMs + graceMs of the worker thread's CPU time, read from
 * /proc where there is one; its wall clock only checks it. Without /proc the wall clock is the
 * limit, with this factor for a busy machine; with it, a worker that gets no CPU at all is still
 * ended after this many times the limit (it can only be stuck, never running).
 */
const OUTER_WALL_FACTOR = 2;
const STUCK_FACTOR = 20;
/** The least wait before the host looks at a worker's CPU time again. */
const RECHECK_MS = 50;

interface Job {
  id: number;
  /** Whose turn it is in the queue; an anonymous run is its own owner. */
  queueKey: string;
  /** Counted against runsPerOwner (anonymous runs are not). */
  owner: string | null;
  code: string;
  tests: readonly string[];
  limits: SandboxLimits;
  results: TestResult[];
  /** Index of the test the worker is running (or will run next). */
  next: number;
  /** Failed setups of the test at `next`. */
  retries: number;
  /** Its promise is settled (answered, failed or cancelled): nothing more is run for it. */
  settled: boolean;
  /** Its owner's place is given back (once its last test left the worker). */
  released: boolean;
  resolve(results: TestResult[]): void;
  reject(error: Error): void;
  /** Stops listening to the caller's signal. */
  detach(): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Ended by the pool (or already gone): its late messages and exit are ignored. */
  retired: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The worker thread's schedstat file, when it has one. */
  schedstat: string | null;
  /** Its CPU time (ns) and the wall clock (ms) when the test in flight was sent. */
  cpuAtStart: number;
  wallAtStart: number;
}

type WorkerMessage =
  | { type: 'ready'; schedstat: string | null }
  | {
      type: 'result';
      jobId: number;
      index: number;
      result: TestResult;
      fatal: boolean;
      retry: boolean;
    };

/** A thread's time on a CPU in ns (schedstat's first field), or null when it cannot be read. */
function threadCpu(schedstat: string | null): number | null {
  if (!schedstat) return null;
  try {
    const spent = Number(readFileSync(schedstat, 'latin1').split(' ')[0]);
    return Number.isFinite(spent) ? spent : null;
  } catch {
    return null;
  }
}

/** Builds the pool of QuickJS workers; call once per process and close() at shutdown. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return new SandboxPool(options);
}

/** Workers when the caller does not say: the machine's cores minus one (for the main thread). */
export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** How many owners' last turns the queue keeps before forgetting those with nothing waiting. */
const MAX_REMEMBERED_OWNERS = 10_000;

/**
 * Jobs waiting for a worker, one line per owner, served in turn: the owner served longest ago (or
 * never) goes first, so a user with long runs delays another user by at most one test of theirs
 * per worker, never by all of their runs. A job goes back to its line after each of its tests.
 * Who was served when is kept apart from the lines: an owner whose run went straight to a worker
 * and who queues another is still the one served last.
 */
class FairQueue {
  private readonly lines = new Map<string, Job[]>();
  /** Each owner's last turn (a growing count); an owner not in it was never served. */
  private readonly served = new Map<string, number>();
  private turns = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds a job to its owner's line, in call order (a job back from a worker keeps its place). */
  add(job: Job): void {
    const line = this.lines.get(job.queueKey);
    this.count++;
    if (!line) {
      this.lines.set(job.queueKey, [job]);
      return;
    }
    const at = line.findIndex((other) => other.id > job.id);
    if (at < 0) line.push(job);
    else line.splice(at, 0, job);
  }

  /** The first job of the owner served longest ago; among equals, the line waiting longest. */
  take(): Job | undefined {
    let chosen: string | undefined;
    let chosenTurn = Infinity;
    for (const key of this.lines.keys()) {
      const turn = this.served.get(key) ?? -1;
      if (turn < chosenTurn) {
        chosen = key;
        chosenTurn = turn;
      }
    }
    const line = chosen === undefined ? undefined : this.lines.get(chosen);
    const job = line?.shift();
    if (chosen === undefined || !line || !job) return undefined;
    this.lines.delete(chosen);
    if (line.length > 0) this.lines.set(chosen, line);
    this.count--;
    this.served.set(chosen, this.turns++);
    // Owners with nothing waiting are forgotten now and then (each anonymous run is an owner):
    // one forgotten counts as never served, a small favour at worst.
    if (this.served.size > MAX_REMEMBERED_OWNERS)
      for (const key of this.served.keys()) if (!this.lines.has(key)) this.served.delete(key);
    return job;
  }

  remove(job: Job): boolean {
    const line = this.lines.get(job.queueKey);
    const at = line?.indexOf(job) ?? -1;
    if (!line || at < 0) return false;
    line.splice(at, 1);
    if (line.length === 0) this.lines.delete(job.queueKey);
    this.count--;
    return true;
  }

  drain(): Job[] {
    const all = [...this.lines.values()].flat();
    this.lines.clear();
    this.count = 0;
    return all;
  }
}

class SandboxPool implements Sandbox {
  private readonly size: number;
  private readonly queueLimit: number;
  private readonly runsPerOwner: number;
  private readonly graceMs: number;
  private readonly limits: SandboxLimits;
  private readonly slots = new Set<Slot>();
  private readonly queue = new FairQueue();
  /** Runs in flight per owner, waiting or running. */
  private readonly inFlight = new Map<string, number>();
  private nextJobId = 1;
  private startFailures = 0;
  private started = false;
  private closed = false;
  private broken: Error | null = null;

  private readonly workerSource: SandboxWorkerSource;

  constructor(options: SandboxOptions) {
    this.size = Math.max(1, Math.floor(options.workers ?? defaultWorkerCount()));
    this.queueLimit = Math.max(0, Math.floor(options.queueLimit ?? 100));
    this.runsPerOwner = Math.max(1, Math.floor(options.runsPerOwner ?? 2));
    this.graceMs = Math.max(0, options.graceMs ?? 1000);
    this.limits = resolveLimits(DEFAULT_LIMITS, options.limits);
    this.workerSource = options.worker ?? { url: WORKER_URL };
    if (options.startWorkers !== 'on-first-run') this.start();
  }

  private start(): void {
    this.started = true;
    for (let i = 0; i < this.size; i++) this.spawn();
  }

  runTests(
    code: string,
    testCases: readonly string[],
    limits?: Partial<SandboxLimits>,
    run: RunOptions = {},
  ): Promise<TestResult[]> {
    if (this.closed) return Promise.reject(new Error('The code runner has been stopped.'));
    if (!this.started) this.start();
    if (this.broken) {
      // Workers failed to start: try again for this call (it is refused too if they fail again).
      this.broken = null;
      this.startFailures = 0;
      while (this.slots.size < this.size) this.spawn();
    }
    if (typeof code !== 'string' || !testCases.every((test) => typeof test === 'string')) {
      return Promise.reject(new TypeError('runTests takes a string of code and strings of tests.'));
    }
    const { owner = null, signal } = run;
    if (signal?.aborted) return Promise.reject(new SandboxCancelledError());
    if (testCases.length === 0) return Promise.resolve([]);
    if (owner !== null && (this.inFlight.get(owner) ?? 0) >= this.runsPerOwner) {
      return Promise.reject(new SandboxOwnerLimitError(this.runsPerOwner));
    }
    const resolved = resolveLimits(this.limits, limits);
    // The workers' native stacks were sized for the pool's stack limit: a call may only lower it.
    resolved.stackBytes = Math.min(resolved.stackBytes, this.limits.stackBytes);

    const idle = this.idleSlot();
    if (!idle && this.queue.size >= this.queueLimit) {
      return Promise.reject(new SandboxBusyError());
    }
    return new Promise<TestResult[]>((resolve, reject) => {
      const id = this.nextJobId++;
      const onAbort = () => this.cancel(job);
      const job: Job = {
        id,
        queueKey: owner === null ? `#${id}` : `@${owner}`,
        owner,
        code,
        tests: [...testCases],
        limits: resolved,
        results: [],
        next: 0,
        retries: 0,
        settled: false,
        released: false,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (owner !== null) this.inFlight.set(owner, (this.inFlight.get(owner) ?? 0) + 1);
      this.queue.add(job);
      if (idle) this.pump(idle);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const stopped = new Error('The code runner has been stopped.');
    for (const job of this.queue.drain()) this.fail(job, stopped);
    const endings: Promise<number>[] = [];
    for (const slot of this.slots) {
      if (slot.job) this.fail(slot.job, stopped);
      endings.push(this.retire(slot));
    }
    await Promise.all(endings);
  }

  private spawn(): void {
    if (this.closed || this.broken) return;
    const worker = new Worker(this.workerSource.url, {
      workerData: {
        prelude: GUEST_PRELUDE,
        memoryBytes: this.limits.memoryBytes,
        wasmModule: this.workerSource.wasmModule,
      },
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
      schedstat: null,
      cpuAtStart: 0,
      wallAtStart: 0,
    };
    this.slots.add(slot);
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    // A worker may throw anything, not only an Error (the types say so since Node 24).
    worker.on('error', (error) =>
      this.onLost(slot, error instanceof Error ? error : new Error(String(error))),
    );
    worker.on('exit', () => this.onLost(slot, null));
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (slot.ready && !slot.job && !slot.retired) return slot;
    return undefined;
  }

  /** Sends a worker the job's next test, under the host's outer wall clock. */
  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.worker.postMessage({
      type: 'run',
      jobId: job.id,
      index: job.next,
      code: job.code,
      test: job.tests[job.next],
      limits: job.limits,
    });
    if (slot.timer) clearTimeout(slot.timer);
    slot.wallAtStart = performance.now();
    const cpu = threadCpu(slot.schedstat);
    if (cpu === null) slot.schedstat = null;
    slot.cpuAtStart = cpu ?? 0;
    const outerMs = job.limits.timeMs + this.graceMs;
    slot.timer = setTimeout(
      () => this.onWallClock(slot),
      slot.schedstat ? outerMs : OUTER_WALL_FACTOR * outerMs,
    );
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (slot.retired) return;
    if (message.type === 'ready') {
      slot.ready = true;
      slot.schedstat = message.schedstat;
      this.startFailures = 0;
      this.pump(slot);
      return;
    }
    const job = slot.job;
    if (!job || message.jobId !== job.id || message.index !== job.next) return;
    if (message.retry) {
      // The test's setup failed before the program ran: no verdict, a fresh worker tries again.
      this.replace(slot);
      if (++job.retries > MAX_SETUP_RETRIES) {
        this.fail(job, new Error('The code runner could not set up a test.'));
      } else {
        this.requeue(job);
      }
      return;
    }
    this.record(job, message.result);
    if (message.fatal) {
      // The interpreter may be corrupted: a fresh worker takes over the rest of the job.
      this.replace(slot);
      this.requeue(job);
    } else {
      this.free(slot);
      this.requeue(job);
      this.pump(slot);
    }
  }

  /**
   * The outer limit: a worker whose thread ran past timeMs + graceMs of CPU time on one test (or,
   * without /proc, took that long twice over on the wall clock) is ended; its test in flight is a
   * time-limit verdict. A worker that merely waited for a CPU is looked at again later.
   */
  private onWallClock(slot: Slot): void {
    const job = slot.job;
    if (slot.retired || !job) return;
    const outerNs = (job.limits.timeMs + this.graceMs) * 1e6;
    const wallMs = performance.now() - slot.wallAtStart;
    const cpu = threadCpu(slot.schedstat);
    const used = cpu === null ? wallMs * 1e6 : cpu - slot.cpuAtStart;
    if (cpu !== null && used < outerNs && wallMs < (STUCK_FACTOR * outerNs) / 1e6) {
      const again = Math.max(RECHECK_MS, (outerNs - used) / 1e6);
      slot.timer = setTimeout(() => this.onWallClock(slot), again);
      return;
    }
    this.record(
      job,
      testResult('Time Limit Exceeded', {
        cpuTime: Math.round(used),
        errorMessage: messages.notStopped(job.limits.timeMs),
      }),
    );
    this.replace(slot);
    this.requeue(job);
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
        for (const waiting of this.queue.drain()) this.fail(waiting, this.broken);
        if (job) this.fail(job, this.broken);
        return;
      }
    }
    if (job) {
      const outOfMemory =
        (error as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.record(
        job,
        outOfMemory
          ? testResult('Memory Limit Exceeded', {
              errorMessage: messages.memoryLimit(job.limits.memoryBytes),
            })
          : testResult('Runtime Error', { errorMessage: messages.crashed }),
      );
      this.requeue(job);
    }
    this.spawn();
  }

  /** The test at `next` got its verdict. */
  private record(job: Job, result: TestResult): void {
    job.results[job.next] = result;
    job.next++;
    job.retries = 0;
  }

  /** Ends a worker whose interpreter cannot be trusted any more, and starts a fresh one. */
  private replace(slot: Slot): void {
    void this.retire(slot);
    this.spawn();
  }

  /** Ends a worker for good; its slot answers nothing more. */
  private retire(slot: Slot): Promise<number> {
    slot.retired = true;
    this.free(slot);
    this.slots.delete(slot);
    return slot.worker.terminate();
  }

  private free(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /**
   * A job whose test just left a worker: answered when it has every result, dropped when it was
   * cancelled or failed meanwhile, otherwise back in its owner's line for its next test.
   */
  private requeue(job: Job): void {
    if (!job.settled && job.next >= job.tests.length) {
      job.settled = true;
      job.detach();
      job.resolve(job.results);
    }
    if (job.settled) {
      this.release(job);
      return;
    }
    this.queue.add(job);
    const idle = this.idleSlot();
    if (idle) this.pump(idle);
  }

  /** The requester went away: a waiting job is dropped now, a running one after its test. */
  private cancel(job: Job): void {
    if (job.settled) return;
    job.settled = true;
    job.reject(new SandboxCancelledError());
    if (this.queue.remove(job)) this.release(job);
  }

  private fail(job: Job, error: Error): void {
    this.queue.remove(job);
    if (!job.settled) {
      job.settled = true;
      job.detach();
      job.reject(error);
    }
    this.release(job);
  }

  /** Gives the owner's place back: the job is answered and none of its tests is on a worker. */
  private release(job: Job): void {
    if (job.released) return;
    job.released = true;
    job.detach();
    if (job.owner === null) return;
    const left = (this.inFlight.get(job.owner) ?? 1) - 1;
    if (left > 0) this.inFlight.set(job.owner, left);
    else this.inFlight.delete(job.owner);
  }

  /** Gives an idle worker the next test of whoever's turn it is, or lets the process exit. */
  private pump(slot: Slot): void {
    if (slot.retired || !slot.ready || slot.job) return;
    const job = this.queue.take();
    if (job) this.dispatch(slot, job);
    else slot.worker.unref();
  }
}
