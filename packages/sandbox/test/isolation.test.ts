import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index';
import { IDENTITY } from './helpers';

const sandbox = createSandbox({ workers: 1 });
afterAll(() => sandbox.close());

const statuses = (results: { status: string }[]) => results.map((result) => result.status);

describe('each test in a fresh context', () => {
  it('forgets a global set by the previous test', async () => {
    const results = await sandbox.runTests(IDENTITY, [
      'globalThis.leak = 1; assert(id(typeof leak), "number")',
      'assert(id(typeof leak), "undefined")',
    ]);
    expect(statuses(results)).toEqual(['OK', 'OK']);
  });

  it('evaluates the solution again, so its top-level state starts over', async () => {
    const results = await sandbox.runTests('let calls = 0; function next() { return ++calls; }', [
      'assert(next(), 1)',
      'assert(next(), 1)',
      'assert(next(), 1)',
    ]);
    expect(statuses(results)).toEqual(['OK', 'OK', 'OK']);
  });

  it('does not carry a changed prototype into the next test', async () => {
    const results = await sandbox.runTests(IDENTITY, [
      'Array.prototype.sum = function () { return 42; }; assert(id([1]).sum(), 42)',
      'assert(id(typeof [].sum), "undefined")',
    ]);
    expect(statuses(results)).toEqual(['OK', 'OK']);
  });

  it('does not carry console output into the next test', async () => {
    const results = await sandbox.runTests('function f(x) { console.log("saw", x); return x; }', [
      'assert(f(1), 1)',
      'assert(f(2), 2)',
    ]);
    expect(results.map((result) => result.output)).toEqual(['saw 1\n', 'saw 2\n']);
  });
});
