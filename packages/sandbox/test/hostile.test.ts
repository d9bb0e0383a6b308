import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxLimits, type Verdict } from '../src/index';
import { OUTPUT_TRUNCATED_MARKER } from '../src/verdicts.mjs';
import { expectNextRunPasses, expectNoHostDetails, FAST, runOne } from './helpers';

const sandbox = createSandbox({ workers: 2, graceMs: 500 });
afterAll(() => sandbox.close());

interface HostileCase {
  name: string;
  code: string;
  test: string;
  status: Verdict;
  /** The whole message: a crash of the sandbox must never pass for the program's own error. */
  message: RegExp;
  limits?: Partial<SandboxLimits>;
}

const TIME_LIMIT = /^Time limit exceeded: the program ran longer than 300 ms\.$/;
const MEMORY_LIMIT = /^Memory limit exceeded: the program needed more than 64 MiB of memory\.$/;

// Each program runs, gets its verdict, and the same sandbox then runs a normal program correctly.
const cases: HostileCase[] = [
  {
    name: 'an infinite loop',
    code: 'function f() { while (true) {} }',
    test: 'assert(f(), 1)',
    status: 'Time Limit Exceeded',
    message: TIME_LIMIT,
  },
  {
    name: 'an infinite loop that catches every error',
    code: 'function f() { for (;;) { try { for (;;) {} } catch (e) {} } }',
    test: 'assert(f(), 1)',
    status: 'Time Limit Exceeded',
    message: TIME_LIMIT,
  },
  {
    name: 'busy exponential recursion',
    code: 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }',
    test: 'assert(fib(45), 1134903170)',
    status: 'Time Limit Exceeded',
    message: TIME_LIMIT,
  },
  {
    name: 'unbounded recursion',
    code: 'function down(n) { return down(n + 1) + 1; }',
    test: 'assert(down(0), 1)',
    status: 'Runtime Error',
    message: /^RangeError: Maximum call stack size exceeded\n {4}at down \(solution\.js:1:/,
  },
  {
    name: 'recursion that catches its own stack overflow and recurses again',
    code: 'function f() { try { f(); } catch (e) { f(); } }',
    test: 'assert(f(), 1)',
    status: 'Time Limit Exceeded',
    // Every frame catches the interruption and recurses again: only the host's outer limit ends it.
    message: /^Time limit exceeded: the program did not stop within 300 ms and was ended\.$/,
  },
  {
    name: 'parsing JSON nested 100,000 deep',
    code: 'function f() { return JSON.parse("[".repeat(100000) + "]".repeat(100000)); }',
    test: 'assert(f(), [])',
    status: 'Runtime Error',
    message: /^RangeError: Maximum call stack size exceeded/,
  },
  {
    name: 'compiling code nested 100,000 deep at run time',
    code: 'function f() { return (0, globalThis["ev" + "al"])("[".repeat(1e5) + "]".repeat(1e5)); }',
    test: 'assert(f(), [])',
    status: 'Runtime Error',
    message: /^RangeError: Maximum call stack size exceeded/,
  },
  {
    name: 'a solution nested 100,000 deep',
    code: `var deep = ${'['.repeat(100_000)}${']'.repeat(100_000)};`,
    test: 'assert(1, 1)',
    status: 'Runtime Error',
    message: /^RangeError: Maximum call stack size exceeded/,
  },
  {
    name: 'a regular expression nested 50,000 deep',
    code: 'function f() { return new RegExp("(?:a|".repeat(50000) + "a" + ")".repeat(50000)).test("a"); }',
    test: 'assert(f(), true)',
    status: 'Runtime Error',
    message: /^RangeError: Maximum call stack size exceeded/,
  },
  {
    name: 'a regular expression that backtracks forever',
    code: 'function f() { return /^(a+)+$/.test("a".repeat(40) + "b"); }',
    test: 'assert(f(), false)',
    status: 'Time Limit Exceeded',
    message: TIME_LIMIT,
  },
  {
    name: 'a memory bomb growing an array of objects',
    code: 'function grow() { const all = []; for (;;) all.push({ n: all.length }); }',
    test: 'assert(grow(), 1)',
    status: 'Memory Limit Exceeded',
    message: MEMORY_LIMIT,
    limits: { timeMs: 5000 },
  },
  {
    name: 'a memory bomb growing a Map',
    code: 'function grow() { const all = new Map(); for (;;) all.set(all.size, [all.size]); }',
    test: 'assert(grow(), 1)',
    status: 'Memory Limit Exceeded',
    message: MEMORY_LIMIT,
    limits: { timeMs: 5000 },
  },
  {
    name: 'a memory bomb doubling a string',
    code: 'function grow() { let s = "x"; for (;;) s += s; }',
    test: 'assert(grow(), 1)',
    status: 'Memory Limit Exceeded',
    message: MEMORY_LIMIT,
  },
  {
    name: 'a memory bomb doubling a string it keeps reading',
    code: 'function grow() { let s = "x"; for (;;) { s += s; s.indexOf("y"); } }',
    test: 'assert(grow(), 1)',
    status: 'Memory Limit Exceeded',
    message: MEMORY_LIMIT,
    limits: { timeMs: 5000 },
  },
  {
    name: 'one huge string',
    code: 'function huge() { return "x".repeat(512 * 1024 * 1024).length; }',
    test: 'assert(huge(), 1)',
    status: 'Memory Limit Exceeded',
    message: MEMORY_LIMIT,
  },
  {
    name: 'one huge buffer',
    code: 'function huge() { return new ArrayBuffer(1024 * 1024 * 1024).byteLength; }',
    test: 'assert(huge(), 1)',
    status: 'Memory Limit Exceeded',
    message: MEMORY_LIMIT,
  },
  {
    name: 'running out of memory, catching it and answering correctly',
    code: 'function f(x) { try { const a = []; for (;;) a.push([a.length]); } catch (e) {} return x; }',
    test: 'assert(f(1), 1)',
    status: 'Memory Limit Exceeded',
    message: MEMORY_LIMIT,
    limits: { timeMs: 5000 },
  },
  {
    name: 'a flood of promise jobs',
    code: 'function flood() { Promise.resolve().then(flood); } flood();',
    test: 'assert(1, 1)',
    status: 'Time Limit Exceeded',
    message: TIME_LIMIT,
  },
  {
    name: 'an async function that awaits forever in a loop',
    code: '(async () => { for (;;) await null; })();',
    test: 'assert(1, 1)',
    status: 'Time Limit Exceeded',
    message: TIME_LIMIT,
  },
  {
    name: 'a flood of console output',
    code: 'function f() { for (;;) console.log("flood ".repeat(10)); }',
    test: 'assert(f(), 1)',
    status: 'Time Limit Exceeded',
    message: TIME_LIMIT,
  },
  {
    name: 'throwing null',
    code: 'function f() { throw null; }',
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Uncaught null$/,
  },
  {
    name: 'throwing a number',
    code: 'function f() { throw 42; }',
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Uncaught 42$/,
  },
  {
    name: 'throwing undefined',
    code: 'function f() { throw undefined; }',
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Uncaught undefined$/,
  },
  {
    name: 'throwing a string',
    code: 'function f() { throw "oops"; }',
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Uncaught "oops"$/,
  },
  {
    name: 'throwing a plain object',
    code: 'function f() { throw { code: 7, why: ["x"] }; }',
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Uncaught \{code: 7, why: \["x"\]\}$/,
  },
  {
    name: 'throwing a Proxy whose traps throw',
    code: `function f() {
      const boom = () => { throw new Error("trap"); };
      throw new Proxy({}, { get: boom, getPrototypeOf: boom, ownKeys: boom, has: boom });
    }`,
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Uncaught \[object\]$/,
  },
  {
    name: 'throwing a Proxy whose traps never return',
    code: `function f() {
      const spin = () => { for (;;) {} };
      throw new Proxy({}, { get: spin, getPrototypeOf: spin, ownKeys: spin });
    }`,
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Uncaught exception \(the thrown value could not be read\)$/,
  },
  {
    name: 'throwing an Error whose message getter throws',
    code: `function f() {
      const e = new Error("hidden");
      Object.defineProperty(e, "message", { get() { throw e; } });
      throw e;
    }`,
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^Error: \(the thrown value could not be read\)$/,
  },
  {
    name: 'throwing a forged time-out error',
    code: 'function f() { throw new InternalError("interrupted"); }',
    test: 'assert(f(), 1)',
    status: 'Runtime Error',
    message: /^InternalError: interrupted/,
  },
];

describe('hostile programs', () => {
  for (const hostile of cases) {
    it(`gives ${hostile.status} for ${hostile.name}, and the next normal run still passes`, async () => {
      const result = await runOne(sandbox, hostile.code, hostile.test, {
        ...FAST,
        ...hostile.limits,
      });
      expect(result.status, result.errorMessage).toBe(hostile.status);
      expect(result.errorMessage).toMatch(hostile.message);
      expectNoHostDetails(result.errorMessage);
      await expectNextRunPasses(sandbox);
    });
  }

  it('caps a flood of console output with a marker, and the next normal run still passes', async () => {
    const result = await runOne(
      sandbox,
      'function f() { for (let i = 0; ; i++) console.log("line", i); }',
      'assert(f(), 1)',
      { ...FAST, outputBytes: 1000 },
    );
    expect(result.status).toBe('Time Limit Exceeded');
    expect(result.output.startsWith('line 0\nline 1\n')).toBe(true);
    expect(result.output.endsWith(`\n${OUTPUT_TRUNCATED_MARKER}`)).toBe(true);
    const kept = result.output.slice(0, -(OUTPUT_TRUNCATED_MARKER.length + 1));
    expect(Buffer.byteLength(kept)).toBe(1000);
    await expectNextRunPasses(sandbox);
  });

  it('reaches none of the host: no require, process, fetch, timers or Node globals', async () => {
    const names = [
      'require',
      'process',
      'fetch',
      'setTimeout',
      'setInterval',
      'setImmediate',
      'queueMicrotask',
      'module',
      'exports',
      'Buffer',
      'WebAssembly',
      'XMLHttpRequest',
      'WebSocket',
      'std',
      'os',
      'print',
      'scriptArgs',
    ];
    const results = await sandbox.runTests(
      'function kind(name) { return typeof globalThis[name]; }',
      names.map((name) => `assert(kind(${JSON.stringify(name)}), "undefined")`),
    );
    expect(results.map((result) => result.status)).toEqual(names.map(() => 'OK'));
    await expectNextRunPasses(sandbox);
  });

  it('finds only the guest behind the Function constructor', async () => {
    const results = await sandbox.runTests(
      `const makeFunction = (function () {}).constructor;
       function globalOf() { return makeFunction("return this")(); }
       function reach(name) { return makeFunction("return typeof " + name)(); }
       function grab() { return globalThis.constructor.constructor("return process")(); }`,
      [
        'assert(globalOf() === globalThis, true)',
        'assert(reach("process"), "undefined")',
        'assert(reach("require"), "undefined")',
        'assert(grab(), 1)',
      ],
    );
    expect(results.map((result) => result.status)).toEqual(['OK', 'OK', 'OK', 'Runtime Error']);
    expect(results[3]?.errorMessage).toMatch(/^ReferenceError: 'process' is not defined/);
    await expectNextRunPasses(sandbox);
  });

  it('refuses a dynamic import() of any module', async () => {
    const results = await sandbox.runTests(
      `let outcome = "pending";
       import("node:fs").then(() => { outcome = "loaded"; }, (e) => { outcome = String(e); });
       function importOutcome() { return outcome; }`,
      ['assert(importOutcome(), "ReferenceError: could not load module \'node:fs\'")'],
    );
    expect(results[0]?.status).toBe('OK');
    await expectNextRunPasses(sandbox);
  });

  it('keeps the verdicts right when the solution tampers with prototypes and built-ins', async () => {
    const tamper = `
      Object.prototype.toJSON = function () { return "forged"; };
      Object.defineProperty(Object.prototype, "failure", { get() { return null; }, set() {} });
      Object.defineProperty(Array.prototype, "0", { get() { return "forged"; }, set() {}, configurable: true });
      Array.isArray = () => true;
      Object.keys = () => [];
      Object.is = () => true;
      Object.hasOwn = () => false;
      JSON.stringify = () => '{"calls":1,"failure":null,"output":"","truncated":false}';
      Reflect.apply = () => true;
      Function.prototype.call = function () { return true; };
      Function.prototype.apply = function () { return true; };
      String.prototype.slice = () => "";
      Error.isError = () => false;
      function assert() { return true; }
      function pair(x) { return [x, 2]; }`;
    const results = await sandbox.runTests(tamper, [
      'assert(pair(1), [1, 3])',
      'assert(pair(1), [1, 2])',
      'assert(pair({ a: 1 }), [{ a: 2 }, 2])',
    ]);
    expect(results.map((result) => result.status)).toEqual(['Wrong Answer', 'OK', 'Wrong Answer']);
    expect(results[0]?.errorMessage).toBe('Expected: [1, 3]\nActual: [1, 2]');
    await expectNextRunPasses(sandbox);
  });

  it('keeps a failed assert failed even when the test catches it', async () => {
    const result = await runOne(
      sandbox,
      'function f() { return 1; }',
      'try { assert(f(), 2); } catch (e) {} assert(f(), 1)',
    );
    expect(result.status).toBe('Wrong Answer');
    expect(result.errorMessage).toBe('Expected: 2\nActual: 1');
  });

  it('keeps a solution from replacing assert with a global of its own', async () => {
    const results = await sandbox.runTests(
      'var assert = () => true; globalThis.assert = assert; function f() { return 1; }',
      ['assert(f(), 2)'],
    );
    expect(results[0]?.status).toBe('Wrong Answer');
  });
});
