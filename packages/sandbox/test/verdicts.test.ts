import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index';
import { runOne } from './helpers';

const sandbox = createSandbox({ workers: 2, graceMs: 500 });
afterAll(() => sandbox.close());

const TWO_SUM = `
function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
}`;

describe('verdicts', () => {
  it('passes a correct solution with OK on every test, in order', async () => {
    const results = await sandbox.runTests(TWO_SUM, [
      'assert(twoSum([2, 7, 11, 15], 9), [0, 1])',
      'assert(twoSum([3, 2, 4], 6), [1, 2])',
      'assert(twoSum([3, 3], 6), [0, 1])',
    ]);
    expect(results).toHaveLength(3);
    for (const result of results) {
      expect(result).toMatchObject({ status: 'OK', errorMessage: '', output: '' });
    }
  });

  it('reports the run time in nanoseconds and the memory in bytes', async () => {
    const result = await runOne(
      sandbox,
      'function sum(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s; }',
      'assert(sum(100000), 4999950000)',
    );
    expect(result.status).toBe('OK');
    expect(result.cpuTime).toBeGreaterThan(100_000); // a 100,000-step loop takes more than 0.1 ms
    expect(result.cpuTime).toBeLessThan(2e9);
    expect(result.memoryUsage).toBeGreaterThan(10_000);
    expect(result.memoryUsage).toBeLessThan(64 * 1024 * 1024);
  });

  it('gives Wrong Answer with the expected and actual values', async () => {
    const result = await runOne(sandbox, TWO_SUM, 'assert(twoSum([3, 2, 4], 6), [0, 2])');
    expect(result.status).toBe('Wrong Answer');
    expect(result.errorMessage).toBe('Expected: [0, 2]\nActual: [1, 2]');
  });

  it('shortens long expected and actual values in a wrong answer', async () => {
    const result = await runOne(
      sandbox,
      'function big() { return Array.from({ length: 1000 }, (_, i) => i); }',
      'assert(big(), "x".repeat(5000))',
    );
    expect(result.status).toBe('Wrong Answer');
    expect(result.errorMessage.length).toBeLessThan(700);
    expect(result.errorMessage).toContain('…');
  });

  it('gives Runtime Error with the error and a short stack when the solution throws', async () => {
    const result = await runOne(
      sandbox,
      'function f(x) { return x.missing.deeper; }',
      'assert(f({}), 1)',
    );
    expect(result.status).toBe('Runtime Error');
    expect(result.errorMessage).toMatch(/^TypeError: cannot read property 'deeper' of undefined/);
    expect(result.errorMessage).toContain('at f (solution.js:1:');
  });

  it('gives Runtime Error when the solution calls something that does not exist', async () => {
    const result = await runOne(sandbox, 'function f() { return g(); }', 'assert(f(), 1)');
    expect(result.status).toBe('Runtime Error');
    expect(result.errorMessage).toMatch(/^ReferenceError: 'g' is not defined/);
  });

  it('gives Syntax Error with the position when the solution does not parse', async () => {
    const result = await runOne(sandbox, 'function f( {\n  return 1;\n}', 'assert(f(), 1)');
    expect(result.status).toBe('Syntax Error');
    expect(result.errorMessage).toMatch(/^SyntaxError: /);
    expect(result.errorMessage).toMatch(/at solution\.js:\d+:\d+/);
  });

  it('gives Syntax Error when the test case does not parse', async () => {
    const result = await runOne(sandbox, 'function f() { return 1; }', 'assert(f(), 1');
    expect(result.status).toBe('Syntax Error');
    expect(result.errorMessage).toMatch(/^In the test case: SyntaxError: /);
  });

  it('treats a SyntaxError thrown while running as a Runtime Error', async () => {
    const result = await runOne(
      sandbox,
      'function f() { return JSON.parse("{"); }',
      'assert(f(), 1)',
    );
    expect(result.status).toBe('Runtime Error');
    expect(result.errorMessage).toMatch(/^SyntaxError: /);
  });

  it('refuses ES module syntax in a solution as a Syntax Error', async () => {
    const result = await runOne(
      sandbox,
      'import fs from "fs";\nfunction f() { return 1; }',
      'assert(f(), 1)',
    );
    expect(result.status).toBe('Syntax Error');
  });

  it('gives Time Limit Exceeded when the run passes its deadline', async () => {
    const result = await runOne(sandbox, 'function f() { for (;;) {} }', 'assert(f(), 1)');
    expect(result.status).toBe('Time Limit Exceeded');
    expect(result.errorMessage).toBe('Time limit exceeded: the program ran longer than 300 ms.');
    expect(result.cpuTime).toBeGreaterThanOrEqual(300e6);
    expect(result.cpuTime).toBeLessThan(3000e6);
  });

  it('stops at the default deadline of 2 seconds when the call sets none', async () => {
    const [result] = await sandbox.runTests('while (true) {}', ['assert(1, 1)']);
    expect(result?.status).toBe('Time Limit Exceeded');
    expect(result?.errorMessage).toBe('Time limit exceeded: the program ran longer than 2000 ms.');
    // CPU time, not the wall clock: a busy machine does not shorten the program's allowance.
    expect(result?.cpuTime).toBeGreaterThanOrEqual(2000e6);
  });

  it('gives Memory Limit Exceeded when the solution outgrows its memory', async () => {
    const result = await runOne(
      sandbox,
      'function grow() { const all = []; for (;;) all.push({ n: all.length }); }',
      'assert(grow(), 1)',
      { timeMs: 5000 },
    );
    expect(result.status).toBe('Memory Limit Exceeded');
    expect(result.errorMessage).toBe(
      'Memory limit exceeded: the program needed more than 64 MiB of memory.',
    );
  });

  it('gives Runtime Error when a test never calls assert', async () => {
    const result = await runOne(sandbox, 'function f() { return 1; }', 'f()');
    expect(result.status).toBe('Runtime Error');
    expect(result.errorMessage).toBe('The test case did not call assert.');
  });

  it('answers an empty list of tests with an empty list', async () => {
    expect(await sandbox.runTests('function f() {}', [])).toEqual([]);
  });

  it('settles promise-based code within the test', async () => {
    const result = await runOne(
      sandbox,
      'async function later(x) { await null; return x * 2; }',
      'later(21).then((value) => assert(value, 42))',
    );
    expect(result.status).toBe('OK');
  });

  it('gives Wrong Answer when an assert inside a promise fails', async () => {
    const result = await runOne(
      sandbox,
      'async function later(x) { await null; return x * 2; }',
      'later(21).then((value) => assert(value, 43))',
    );
    expect(result.status).toBe('Wrong Answer');
    expect(result.errorMessage).toBe('Expected: 43\nActual: 42');
  });

  it('applies the limits given per call', async () => {
    const code =
      'function fill() { const a = new Array(2 * 1024 * 1024).fill(1.5); return a.length; }';
    const roomy = await runOne(sandbox, code, 'assert(fill(), 2097152)', { timeMs: 5000 });
    const tight = await runOne(sandbox, code, 'assert(fill(), 2097152)', {
      timeMs: 5000,
      memoryBytes: 8 * 1024 * 1024,
    });
    expect(roomy.status).toBe('OK');
    expect(tight.status).toBe('Memory Limit Exceeded');
    expect(tight.errorMessage).toContain('8 MiB');
  });
});
