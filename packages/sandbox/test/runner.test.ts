import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/index';
import { runTest } from '../src/runner.mjs';

type Interpreter = Parameters<typeof runTest>[0];

describe('one test in the worker', () => {
  it('answers a setup that fails before the program ran as no verdict, to be run again', () => {
    // An interpreter that cannot even make a context: nothing of the program has run.
    const broken = {
      quickjs: {
        newContext() {
          throw new Error('out of memory');
        },
      },
      growthRefused: false,
      memoryBytes: DEFAULT_LIMITS.memoryBytes,
    } as unknown as Interpreter;
    const outcome = runTest(broken, {
      prelude: '',
      code: 'function f() { return 1; }',
      test: 'assert(f(), 1)',
      limits: { ...DEFAULT_LIMITS },
    });
    expect(outcome).toMatchObject({ fatal: true, retry: true });
  });
});
