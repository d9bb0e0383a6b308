import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxLimits, type TestResult } from '../src/index';
import { IDENTITY } from './helpers';

/** A loop whose work is fixed by its argument, not by the clock. */
const SPIN =
  'function spin(n) { let s = 0; for (let i = 0; i < n; i++) s = (s + i) % 1000003; return n; }';
const SPIN_STEPS = 1_500_000;

interface Program {
  name: string;
  code: string;
  tests: string[];
  limits?: Partial<SandboxLimits>;
}

/** The sandbox's verdicts, one program each; every result is compared by status and message. */
const SUITE: Program[] = [
  {
    name: 'right answers (NaN, -0, nesting)',
    code: IDENTITY,
    tests: [
      'assert(id(NaN), NaN)',
      'assert(id([0 / 0]), [NaN])',
      'assert(id({ a: [1] }), { a: [1] })',
    ],
  },
  { name: 'a wrong answer', code: IDENTITY, tests: ['assert(id(-0), 0)'] },
  { name: 'a runtime error', code: 'function f(x) { return x.a.b; }', tests: ['assert(f({}), 1)'] },
  { name: 'a syntax error', code: 'function f( {', tests: ['assert(f(), 1)'] },
  {
    name: 'an endless loop',
    code: 'function f() { for (;;) {} }',
    tests: ['assert(f(), 1)'],
    limits: { timeMs: 300 },
  },
  {
    name: 'a memory bomb',
    code: 'function f() { const a = []; for (;;) a.push([a.length]); }',
    tests: ['assert(f(), 1)'],
    limits: { timeMs: 10_000 },
  },
];

/** Each program in a pool of its own, so every first run is a fresh worker's first run. */
async function runSuite(
  suite: Program[],
): Promise<Pick<TestResult, 'status' | 'errorMessage'>[][]> {
  const all = [];
  for (const program of suite) {
    const sandbox = createSandbox({ workers: 1, graceMs: 500 });
    try {
      const results = await sandbox.runTests(program.code, program.tests, program.limits);
      all.push(results.map(({ status, errorMessage }) => ({ status, errorMessage })));
    } finally {
      await sandbox.close();
    }
  }
  return all;
}

/** Three busy loops per core, each ending itself after `ms` whatever happens. */
function loadEveryCore(ms: number): ChildProcess[] {
  const script = `const end = Date.now() + ${ms}; while (Date.now() < end) {}`;
  return Array.from({ length: 3 * availableParallelism() }, () =>
    spawn(process.execPath, ['-e', script], { stdio: 'ignore' }),
  );
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

describe('verdicts on a busy machine', () => {
  it(
    'gives the same verdicts and messages while other processes load every core',
    { timeout: 120_000 },
    async () => {
      // A run that needs about half of its time limit in CPU time: it passes whatever the load.
      const spin = [`assert(spin(${SPIN_STEPS}), ${SPIN_STEPS})`];
      const sandbox = createSandbox({ workers: 1 });
      const [spun] = await sandbox.runTests(SPIN, spin).finally(() => sandbox.close());
      expect(spun?.status).toBe('OK');
      const timeMs = Math.max(50, Math.ceil((2 * (spun?.cpuTime ?? 0)) / 1e6));
      const suite: Program[] = [
        ...SUITE,
        {
          name: 'a run well within its CPU time',
          code: SPIN,
          tests: spin,
          limits: { timeMs },
        },
      ];

      const idle = await runSuite(suite);
      children.push(...loadEveryCore(60_000));
      const loaded = await runSuite(suite);
      for (const child of children) child.kill();

      expect(loaded).toEqual(idle);
      expect(idle.map((results) => results.map((result) => result.status))).toEqual([
        ['OK', 'OK', 'OK'],
        ['Wrong Answer'],
        ['Runtime Error'],
        ['Syntax Error'],
        ['Time Limit Exceeded'],
        ['Memory Limit Exceeded'],
        ['OK'],
      ]);
      expect(idle[1]?.[0]?.errorMessage).toBe('Expected: 0\nActual: -0');
      expect(idle[4]?.[0]?.errorMessage).toBe(
        'Time limit exceeded: the program ran longer than 300 ms.',
      );
    },
  );
});
