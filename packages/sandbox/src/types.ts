// The WebAssembly types for the packages that compile this file (the server, the api) as well.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./webassembly.d.ts" />
/** What the sandbox answers for one test: SPEC §3's test result. */
export type Verdict =
  | 'OK'
  | 'Wrong Answer'
  | 'Runtime Error'
  | 'Syntax Error'
  | 'Time Limit Exceeded'
  | 'Memory Limit Exceeded';

export interface TestResult {
  /** Exactly 'OK' when the test passed. */
  status: Verdict;
  /**
   * CPU time the test took inside the guest, in nanoseconds: the worker thread's own time on a CPU,
   * so a busy machine does not change it (the time limit when the worker had to be ended).
   */
  cpuTime: number;
  /** Guest memory in use at the end of the test, in bytes. */
  memoryUsage: number;
  /** Why it failed ('' when it passed): expected and actual for a wrong answer; a short trace. */
  errorMessage: string;
  /** What the program printed with console.log and friends, capped. */
  output: string;
}

export interface SandboxLimits {
  /** Per test, through the interrupt handler (default 2,000 ms). */
  timeMs: number;
  /** Guest heap per test (default 64 MiB). */
  memoryBytes: number;
  /** Guest stack (deep recursion gives a verdict, not a crash). */
  stackBytes: number;
  /** Console output kept per test. */
  outputBytes: number;
}

/** Who a run is for, and when to give it up. */
export interface RunOptions {
  /**
   * The user the run is for: each may have `runsPerOwner` runs in flight, and the workers take
   * the users' tests in turn. A run without one is on its own (tools, tests, the seed).
   */
  owner?: string;
  /**
   * Aborted when the requester went away: a waiting run is dropped, a running one's test in
   * progress finishes (within its limits) and its result is discarded; the rest never runs. The
   * call rejects with SandboxCancelledError.
   */
  signal?: AbortSignal;
}

/**
 * Runs untrusted JavaScript solutions against test cases, off the main thread. One per process,
 * built at start-up and shared by every request (ApiDeps.sandbox).
 */
export interface Sandbox {
  /**
   * Runs `code` then each test case (`assert(fn(...), expected)`) in a fresh context; one result per
   * test, in order. Rejects with SandboxBusyError when the queue is full, SandboxOwnerLimitError
   * when the owner already has their runs in flight, SandboxCancelledError once `run.signal` aborts.
   */
  runTests(
    code: string,
    testCases: readonly string[],
    limits?: Partial<SandboxLimits>,
    run?: RunOptions,
  ): Promise<TestResult[]>;
  /** Stops the workers. */
  close(): Promise<void>;
}

/** The queue is full: the caller should try again in a moment. */
export class SandboxBusyError extends Error {
  constructor() {
    super('The code runner is busy. Please try again in a moment.');
    this.name = 'SandboxBusyError';
  }
}

/** The owner already has as many runs in flight as they may: the caller should wait for one. */
export class SandboxOwnerLimitError extends Error {
  constructor(readonly limit: number) {
    super(`You already have ${limit} runs in progress. Wait for one to finish, then try again.`);
    this.name = 'SandboxOwnerLimitError';
  }
}

/** The run's signal aborted: nobody is waiting for its results any more. */
export class SandboxCancelledError extends Error {
  constructor() {
    super('The run was cancelled.');
    this.name = 'SandboxCancelledError';
  }
}

/** How createSandbox builds its pool. */
/**
 * The worker's code and QuickJS, for a single executable (which has no files to load them from):
 * the worker as a URL (a data: URL of its bundle) and the WASM compiled once on the main thread.
 */
export interface SandboxWorkerSource {
  url: URL;
  wasmModule?: WebAssembly.Module;
}

export interface SandboxOptions {
  /** Where the worker comes from: packages/sandbox/src/worker.mjs (or its bundle) by default. */
  worker?: SandboxWorkerSource;
  /** Worker threads running tests in parallel (default: the machine's cores minus one, at least 1). */
  workers?: number;
  /**
   * When the workers start: with the pool (`now`, the default), or at the first runTests call
   * (`on-first-run`), for a process that may never run a test: it is spared their start-up and
   * memory, and its first run waits for them to start.
   */
  startWorkers?: 'now' | 'on-first-run';
  /**
   * runTests calls that may wait for a free worker (default 100); past it runTests rejects at once
   * with SandboxBusyError.
   */
  queueLimit?: number;
  /** Runs one owner may have in flight, waiting or running (default 2); past it runTests rejects. */
  runsPerOwner?: number;
  /**
   * The pool's limits: every call's defaults. A call may lower stackBytes but not raise it (the
   * workers' native stacks are sized for it).
   */
  limits?: Partial<SandboxLimits>;
  /**
   * The host's outer wall-clock limit per test is 2 × (timeMs + graceMs) (graceMs defaults to
   * 1,000 ms): past it the host ends the worker and answers 'Time Limit Exceeded'. It is for code
   * the interrupt handler cannot stop, and generous, since timeMs is CPU time and a busy machine
   * stretches the wall time a run takes.
   */
  graceMs?: number;
}
