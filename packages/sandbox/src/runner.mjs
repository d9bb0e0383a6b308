// @ts-check
// Runs one test inside QuickJS (WebAssembly): a fresh runtime and context, the prelude, the
// solution, then the test case, under the time, memory and stack limits. Plain JavaScript so the
// worker loads it under any loader (node --import tsx, vitest, plain node).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import { CpuBudget, createThreadClock } from './thread-clock.mjs';
import { capOutput, describeThrown, messages, testResult } from './verdicts.mjs';

/** @typedef {import('quickjs-emscripten').QuickJSWASMModule} QuickJSWASMModule */
/** @typedef {import('quickjs-emscripten').QuickJSContext} QuickJSContext */
/** @typedef {import('quickjs-emscripten').QuickJSHandle} QuickJSHandle */
/** @typedef {import('./types').SandboxLimits} SandboxLimits */
/** @typedef {import('./types').TestResult} TestResult */
/** @typedef {import('./verdicts.mjs').ThrownValue} ThrownValue */
/**
 * One QuickJS module and the fixed-size memory it lives in.
 * @typedef {object} Interpreter
 * @property {QuickJSWASMModule} quickjs
 * @property {WebAssembly.Memory} memory
 * @property {number} memoryBytes the guest heap it was sized for
 * @property {number} maxBytes the memory's fixed maximum
 * @property {boolean} growthRefused the memory refused to grow during the current test
 */
/**
 * What a test produced: its result, and whether this interpreter must not be used again. With
 * `retry`, the test never ran (its setup failed, which says nothing about the program): the result
 * is no verdict, and the test is to run again in a fresh worker.
 * @typedef {{ result: TestResult; fatal: boolean; retry?: boolean }} RunOutcome
 */

const PAGE_BYTES = 65536;
/**
 * Memory the interpreter needs before any guest heap: the module's declared minimum (16 MiB),
 * which holds its static data and its 5 MiB C stack. The guest heap comes on top.
 */
export const INTERPRETER_BYTES = 16 * 1024 * 1024;
/**
 * CPU time allowed for reading a test's results (not counted as its run): describing a thrown value
 * calls into the guest, which may never return (a Proxy whose traps spin). Setting a test up runs
 * only our own prelude and has no limit: however slow a busy machine makes it, it is no verdict.
 */
const COLLECT_MS = 250;

/** @type {import('./thread-clock.mjs').ThreadClock | undefined} */
let threadClock;
/** This thread's CPU clock (built on first use, in the worker thread it measures). */
const clockOf = () => (threadClock ??= createThreadClock());

/** @type {Promise<WebAssembly.Module> | undefined} */
let compiled;

/** Compiles QuickJS's WebAssembly once per worker; each interpreter instantiates it. */
function compileQuickJS() {
  compiled ??= (async () => {
    // A single executable compiles it once on its main thread and hands it over.
    const handed = workerData?.wasmModule;
    if (handed instanceof WebAssembly.Module) return handed;
    // The server bundle (apps/server/dist) carries the WASM file beside its worker.
    const beside = new URL('./quickjs.wasm', import.meta.url);
    if (existsSync(beside)) return WebAssembly.compile(readFileSync(beside));
    const fromHere = createRequire(import.meta.url);
    const fromQuickJS = createRequire(fromHere.resolve('quickjs-emscripten'));
    const bytes = readFileSync(fromQuickJS.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'));
    return WebAssembly.compile(bytes);
  })();
  return compiled;
}

const noop = () => {};
// Emscripten prints aborts on stderr; nothing the guest causes is printed on the server.
const quietEmscripten = { print: noop, printErr: noop, monitorRunDependencies: noop };

/**
 * A QuickJS module in a WebAssembly.Memory that can never grow past INTERPRETER_BYTES +
 * memoryBytes: setMemoryLimit alone does not cap what the module allocates. The guest's heap gets
 * memoryBytes plus what the interpreter leaves of its first 16 MiB (about 10 MiB).
 * @param {number} memoryBytes
 * @returns {Promise<Interpreter>}
 */
export async function loadInterpreter(memoryBytes) {
  const maxBytes = INTERPRETER_BYTES + Math.ceil(memoryBytes / PAGE_BYTES) * PAGE_BYTES;
  const memory = new WebAssembly.Memory({
    initial: INTERPRETER_BYTES / PAGE_BYTES,
    maximum: maxBytes / PAGE_BYTES,
  });
  const wasmModule = await compileQuickJS();
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(RELEASE_SYNC, { wasmModule, wasmMemory: memory, emscriptenModule: quietEmscripten }),
  );
  /** @type {Interpreter} */
  const interpreter = { quickjs, memory, memoryBytes, maxBytes, growthRefused: false };
  // Emscripten grows the heap through this object; a refusal is how an allocation past the cap
  // fails (QuickJS then throws an out-of-memory error, or null when even that cannot be built).
  const grow = memory.grow.bind(memory);
  memory.grow = (pages) => {
    try {
      return grow(pages);
    } catch (error) {
      interpreter.growthRefused = true;
      throw error;
    }
  };
  return interpreter;
}

/**
 * @typedef {object} Guest
 * @property {QuickJSContext} ctx
 * @property {QuickJSHandle} assert
 * @property {QuickJSHandle} report
 * @property {QuickJSHandle} describeError
 */
/**
 * @typedef {object} Clock
 * @property {'setup' | 'run' | 'collect'} phase
 * @property {CpuBudget | null} budget the phase's CPU time (none while setting up)
 * @property {boolean} interrupted the run itself used up its time
 */
/**
 * How the run ended, before any verdict: a thrown value (a live handle) and where it came from.
 * @typedef {{ thrown?: QuickJSHandle; where?: 'solution' | 'jobs' | 'test-syntax' | 'test' }} RunEnd
 */

/**
 * Runs `code` then `test` in a fresh runtime and context of `interpreter`. Never throws: a failure
 * of the interpreter itself is answered as a verdict with `fatal: true`, or, when it failed before
 * the program ran, with `retry: true` (no verdict).
 * @param {Interpreter} interpreter
 * @param {{ prelude: string; code: string; test: string; limits: SandboxLimits }} input
 * @returns {RunOutcome}
 */
export function runTest(interpreter, { prelude, code, test, limits }) {
  /** @type {Clock} */
  const clock = { phase: 'setup', budget: null, interrupted: false };
  /** @type {QuickJSHandle[]} */
  const handles = [];
  /** @type {QuickJSContext | undefined} */
  let ctx;
  /** @type {RunOutcome} */
  let outcome;
  /** @type {CpuBudget | null} */
  let run = null;
  let cpuTime = 0;
  interpreter.growthRefused = false;
  try {
    ctx = interpreter.quickjs.newContext();
    const runtime = ctx.runtime;
    // QuickJS's own count stays below the memory's cap, so it only refuses single allocations
    // larger than the whole memory (a 1 GiB buffer) up front; everything else runs into the
    // fixed maximum, whose refusal is observed, even when the program catches the error.
    runtime.setMemoryLimit(interpreter.maxBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    runtime.setInterruptHandler(() => {
      if (!clock.budget?.exceeded()) return false;
      if (clock.phase === 'run') clock.interrupted = true;
      return true;
    });
    const guest = startGuest(ctx, prelude, limits.outputBytes, handles);

    clock.phase = 'run';
    run = new CpuBudget(clockOf(), limits.timeMs);
    clock.budget = run;
    const end = runGuest(guest, code, test, clock, handles);
    cpuTime = run.spent();

    clock.phase = 'collect';
    clock.budget = new CpuBudget(clockOf(), COLLECT_MS);
    outcome = judge(interpreter, guest, code, end, clock, limits, cpuTime);
    // A program that ran out of memory (and perhaps caught the error) may have left the module
    // damaged: the verdict stands, the module is not reused.
    if (interpreter.growthRefused) outcome.fatal = true;
  } catch (error) {
    if (run && !cpuTime) cpuTime = run.spent();
    outcome = { result: crashResult(interpreter, error, limits, cpuTime), fatal: true };
    // Only our own prelude had run: the program is not to blame, and a fresh worker runs it again.
    if (clock.phase === 'setup') outcome.retry = true;
  }
  try {
    for (const handle of handles) if (handle.alive) handle.dispose();
    ctx?.dispose();
  } catch {
    // A runtime that cannot be freed (a leaked object, a corrupted heap) poisons the module.
    outcome.fatal = true;
  }
  return outcome;
}

/**
 * Evaluates the prelude and keeps the host's handles to assert, report and describeError.
 * @param {QuickJSContext} ctx
 * @param {string} prelude
 * @param {number} outputBytes
 * @param {QuickJSHandle[]} handles
 * @returns {Guest}
 */
function startGuest(ctx, prelude, outputBytes, handles) {
  const factory = keep(
    ctx.evalCode(prelude, 'prelude.js', { type: 'global', strict: true }).unwrap(),
    handles,
  );
  const limit = keep(ctx.newNumber(outputBytes), handles);
  const api = keep(ctx.callFunction(factory, ctx.undefined, limit).unwrap(), handles);
  return {
    ctx,
    assert: keep(ctx.getProp(api, 'assert'), handles),
    report: keep(ctx.getProp(api, 'report'), handles),
    describeError: keep(ctx.getProp(api, 'describeError'), handles),
  };
}

/**
 * @param {QuickJSHandle} handle
 * @param {QuickJSHandle[]} handles
 */
function keep(handle, handles) {
  handles.push(handle);
  return handle;
}

/**
 * The solution, its pending jobs, the test case (assert passed as its parameter, never a global),
 * and the jobs again, so promise-based code settles within the deadline.
 * @param {Guest} guest
 * @param {string} code
 * @param {string} test
 * @param {Clock} clock
 * @param {QuickJSHandle[]} handles
 * @returns {RunEnd}
 */
function runGuest(guest, code, test, clock, handles) {
  const { ctx } = guest;
  const solution = ctx.evalCode(code, 'solution.js', { type: 'global' });
  if (solution.error) return { thrown: keep(solution.error, handles), where: 'solution' };
  solution.value.dispose();
  const afterSolution = drainJobs(ctx, clock, handles);
  if (afterSolution.thrown || clock.interrupted) return afterSolution;

  // On the test's first line, so line numbers in its messages match the test case.
  const wrapper = ctx.evalCode(`(function (assert) { ${test}\n})`, 'test.js', { type: 'global' });
  if (wrapper.error) return { thrown: keep(wrapper.error, handles), where: 'test-syntax' };
  const run = keep(wrapper.value, handles);
  const call = ctx.callFunction(run, ctx.undefined, guest.assert);
  if (call.error) return { thrown: keep(call.error, handles), where: 'test' };
  call.value.dispose();
  return drainJobs(ctx, clock, handles);
}

/**
 * Runs pending promise jobs in small batches, checking the deadline between batches (a job flood
 * is cut off here even where the interpreter's own check does not reach).
 * @param {QuickJSContext} ctx
 * @param {Clock} clock
 * @param {QuickJSHandle[]} handles
 * @returns {RunEnd}
 */
function drainJobs(ctx, clock, handles) {
  const runtime = ctx.runtime;
  while (runtime.hasPendingJob()) {
    if (clock.budget?.exceeded()) {
      clock.interrupted = true;
      return {};
    }
    const ran = runtime.executePendingJobs(64);
    if (ran.error) return { thrown: keep(ran.error, handles), where: 'jobs' };
  }
  return {};
}

/**
 * The verdict, from what the run left behind.
 * @param {Interpreter} interpreter
 * @param {Guest} guest
 * @param {string} code
 * @param {RunEnd} end
 * @param {Clock} clock
 * @param {SandboxLimits} limits
 * @param {number} cpuTime
 * @returns {RunOutcome}
 */
function judge(interpreter, guest, code, end, clock, limits, cpuTime) {
  const { ctx } = guest;
  const report = readReport(guest);
  const memoryUsage = measureMemory(ctx);
  const output = report ? capOutput(report.output, limits.outputBytes, report.truncated) : '';
  /**
   * @param {import('./types').Verdict} status
   * @param {string} errorMessage
   * @param {boolean} [fatal]
   */
  const verdict = (status, errorMessage, fatal = false) => ({
    result: testResult(status, { cpuTime, memoryUsage, errorMessage, output }),
    fatal,
  });

  if (clock.interrupted) return verdict('Time Limit Exceeded', messages.timeLimit(limits.timeMs));
  // Past the memory's cap: a judge goes by the peak, so catching the error does not save the run.
  // QuickJS's allocation paths do not all recover from a failed allocation: never reuse the module.
  if (interpreter.growthRefused) {
    return verdict('Memory Limit Exceeded', messages.memoryLimit(limits.memoryBytes), true);
  }
  if (!end.thrown) {
    if (report?.failure) return wrongAnswer(report.failure, verdict);
    if (report && report.calls === 0) return verdict('Runtime Error', messages.noAssert);
    if (!report) return verdict('Runtime Error', messages.crashed, true);
    return verdict('OK', '');
  }

  const thrown = describeError(guest, end.thrown);
  // One allocation larger than the whole memory, refused up front by QuickJS's own limit.
  if (thrown?.name === 'InternalError' && thrown.message === 'out of memory') {
    return verdict('Memory Limit Exceeded', messages.memoryLimit(limits.memoryBytes), true);
  }
  if (!thrown) return verdict('Runtime Error', messages.unreadable);
  if (report?.failure) return wrongAnswer(report.failure, verdict);
  if (thrown.isError && thrown.name === 'InternalError' && thrown.message === 'string too long') {
    return verdict('Memory Limit Exceeded', messages.memoryLimit(limits.memoryBytes));
  }
  // QuickJS says 'stack overflow' (an InternalError, or a SyntaxError from its parsers: code
  // nested too deep to compile is valid JavaScript, not a syntax error).
  if (thrown.isError && thrown.message === 'stack overflow') {
    const overflow = { ...thrown, name: 'RangeError', message: 'Maximum call stack size exceeded' };
    return verdict('Runtime Error', describeThrown(overflow));
  }
  if (end.where === 'test-syntax') return verdict('Syntax Error', messages.syntaxInTest(thrown));
  if (end.where === 'solution' && thrown.isError && thrown.name === 'SyntaxError') {
    if (!compiles(ctx, code)) return verdict('Syntax Error', messages.syntaxInSolution(thrown));
  }
  return verdict('Runtime Error', describeThrown(thrown));
}

/**
 * @param {{ expected: string; actual: string }} failure
 * @param {(status: import('./types').Verdict, message: string) => RunOutcome} verdict
 */
function wrongAnswer(failure, verdict) {
  return verdict('Wrong Answer', messages.wrongAnswer(failure.expected, failure.actual));
}

/**
 * @typedef {{ calls: number; failure: { expected: string; actual: string } | null; output: string; truncated: boolean }} Report
 */

/**
 * @param {Guest} guest
 * @returns {Report | null}
 */
function readReport(guest) {
  const value = callForJson(guest.ctx, guest.report);
  if (!value || typeof value !== 'object') return null;
  const report = /** @type {Partial<Report>} */ (value);
  return {
    calls: typeof report.calls === 'number' ? report.calls : 0,
    failure:
      report.failure &&
      typeof report.failure.expected === 'string' &&
      typeof report.failure.actual === 'string'
        ? report.failure
        : null,
    output: typeof report.output === 'string' ? report.output : '',
    truncated: report.truncated === true,
  };
}

/**
 * @param {Guest} guest
 * @param {QuickJSHandle} thrown
 * @returns {ThrownValue | null}
 */
function describeError(guest, thrown) {
  const value = callForJson(guest.ctx, guest.describeError, thrown);
  if (!value || typeof value !== 'object') return null;
  const described = /** @type {Partial<ThrownValue>} */ (value);
  return {
    name: typeof described.name === 'string' ? described.name : 'Error',
    message: typeof described.message === 'string' ? described.message : '',
    stack: typeof described.stack === 'string' ? described.stack : '',
    isError: described.isError === true,
  };
}

/**
 * Calls one of the prelude's functions and parses the JSON string it answers (null on failure).
 * @param {QuickJSContext} ctx
 * @param {QuickJSHandle} fn
 * @param {QuickJSHandle[]} args
 * @returns {unknown}
 */
function callForJson(ctx, fn, ...args) {
  const call = ctx.callFunction(fn, ctx.undefined, ...args);
  if (call.error) {
    call.error.dispose();
    return null;
  }
  try {
    return ctx.typeof(call.value) === 'string' ? JSON.parse(ctx.getString(call.value)) : null;
  } catch {
    return null;
  } finally {
    call.value.dispose();
  }
}

/**
 * Whether the solution compiles (a SyntaxError thrown at run time is a Runtime Error).
 * @param {QuickJSContext} ctx
 * @param {string} code
 */
function compiles(ctx, code) {
  const compiled = ctx.evalCode(code, 'solution.js', { type: 'global', compileOnly: true });
  if (compiled.error) {
    compiled.error.dispose();
    return false;
  }
  compiled.value.dispose();
  return true;
}

/**
 * QuickJS's own count of the bytes its runtime holds (0 when it cannot say).
 * @param {QuickJSContext} ctx
 */
function measureMemory(ctx) {
  try {
    const usage = ctx.runtime.computeMemoryUsage();
    try {
      const used = ctx.getProp(usage, 'memory_used_size');
      try {
        return ctx.typeof(used) === 'number' ? ctx.getNumber(used) : 0;
      } finally {
        used.dispose();
      }
    } finally {
      usage.dispose();
    }
  } catch {
    return 0;
  }
}

/**
 * The verdict when the interpreter itself failed (a WebAssembly trap, an abort, the worker's own
 * stack overflowing): never a host message or path, always fatal for the module.
 * @param {Interpreter} interpreter
 * @param {unknown} error
 * @param {SandboxLimits} limits
 * @param {number} cpuTime
 * @returns {TestResult}
 */
function crashResult(interpreter, error, limits, cpuTime) {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return testResult('Runtime Error', { cpuTime, errorMessage: messages.stackOverflow });
  }
  if (interpreter.growthRefused) {
    return testResult('Memory Limit Exceeded', {
      cpuTime,
      memoryUsage: limits.memoryBytes,
      errorMessage: messages.memoryLimit(limits.memoryBytes),
    });
  }
  return testResult('Runtime Error', { cpuTime, errorMessage: messages.crashed });
}
