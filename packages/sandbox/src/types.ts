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
  /** CPU time the test took inside the guest, in nanoseconds. */
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

/**
 * Runs untrusted JavaScript solutions against test cases, off the main thread. One per process,
 * built at start-up and shared by every request (ApiDeps.sandbox).
 */
export interface Sandbox {
  /**
   * Runs `code` then each test case (`assert(fn(...), expected)`) in a fresh context; one result per
   * test, in order. Rejects with SandboxBusyError when the queue is full.
   */
  runTests(
    code: string,
    testCases: readonly string[],
    limits?: Partial<SandboxLimits>,
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

/** How createSandbox builds its pool. */
export interface SandboxOptions {
  /** Worker threads running tests in parallel (default: the machine's cores minus one, at least 1). */
  workers?: number;
  /**
   * runTests calls that may wait for a free worker (default 100); past it runTests rejects at once
   * with SandboxBusyError.
   */
  queueLimit?: number;
  /**
   * The pool's limits: every call's defaults. A call may lower stackBytes but not raise it (the
   * workers' native stacks are sized for it).
   */
  limits?: Partial<SandboxLimits>;
  /**
   * How long past timeMs the host waits for a test before it ends the worker and answers 'Time
   * Limit Exceeded' (default 1,000 ms): the outer limit, for code the interrupt handler cannot stop.
   */
  graceMs?: number;
}
