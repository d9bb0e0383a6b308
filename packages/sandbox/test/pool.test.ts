import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createSandbox, defaultWorkerCount, SandboxBusyError } from '../src/index';
import { expectNextRunPasses, IDENTITY } from './helpers';

/** A native loop QuickJS never interrupts: indexOf over an array-like of 2^53 - 1 holes. */
const HANG = 'function hang() { return [].indexOf.call({ length: 2 ** 53 - 1 }, 1); }';

describe('the worker pool', () => {
  it('sizes itself to the cores minus one, at least one worker', () => {
    expect(defaultWorkerCount()).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('rejects at once with a busy error when its queue is full', async () => {
    const sandbox = createSandbox({ workers: 1, queueLimit: 1 });
    try {
      await expectNextRunPasses(sandbox); // the worker is up
      const running = sandbox.runTests('while (true) {}', ['assert(1, 1)'], { timeMs: 300 });
      const waiting = sandbox.runTests(IDENTITY, ['assert(id(1), 1)']);
      const started = performance.now();
      await expect(sandbox.runTests(IDENTITY, ['assert(id(1), 1)'])).rejects.toThrow(
        new SandboxBusyError(),
      );
      expect(performance.now() - started).toBeLessThan(200);
      expect(new SandboxBusyError().message).toBe(
        'The code runner is busy. Please try again in a moment.',
      );
      expect((await running)[0]?.status).toBe('Time Limit Exceeded');
      expect((await waiting)[0]?.status).toBe('OK');
    } finally {
      await sandbox.close();
    }
  });

  it('ends a worker that hangs past the wall-clock limit and carries on with a fresh one', async () => {
    const sandbox = createSandbox({ workers: 1, graceMs: 200 });
    try {
      const started = performance.now();
      const results = await sandbox.runTests(
        `${HANG}\n${IDENTITY}`,
        ['assert(hang(), 1)', 'assert(id(2), 2)'],
        { timeMs: 200 },
      );
      expect(results.map((result) => result.status)).toEqual(['Time Limit Exceeded', 'OK']);
      expect(results[0]?.errorMessage).toBe(
        'Time limit exceeded: the program did not stop within 200 ms and was ended.',
      );
      expect(results[0]?.cpuTime).toBeGreaterThanOrEqual(400e6);
      expect(performance.now() - started).toBeLessThan(5000);
      await expectNextRunPasses(sandbox);
    } finally {
      await sandbox.close();
    }
  });

  it('carries on with the rest of a job on a fresh worker after a fatal test', async () => {
    const sandbox = createSandbox({ workers: 1 });
    try {
      const results = await sandbox.runTests(
        'function f(bomb) { const a = []; while (bomb) a.push([a.length]); return 1; }',
        ['assert(f(true), 1)', 'assert(f(false), 1)', 'assert(f(false), 2)'],
        { timeMs: 5000 },
      );
      expect(results.map((result) => result.status)).toEqual([
        'Memory Limit Exceeded',
        'OK',
        'Wrong Answer',
      ]);
    } finally {
      await sandbox.close();
    }
  });

  it('answers many calls made at once, each with its own results in order', async () => {
    const sandbox = createSandbox({ workers: 2, queueLimit: 100 });
    try {
      const calls = Array.from({ length: 40 }, (_, n) =>
        sandbox.runTests(`function answer(k) { return k * ${n}; }`, [
          `assert(answer(1), ${n})`,
          `assert(answer(2), ${2 * n})`,
          `assert(answer(3), ${3 * n + 1})`,
        ]),
      );
      const all = await Promise.all(calls);
      for (const results of all) {
        expect(results.map((result) => result.status)).toEqual(['OK', 'OK', 'Wrong Answer']);
      }
      expect(all[7]?.[2]?.errorMessage).toBe('Expected: 22\nActual: 21');
    } finally {
      await sandbox.close();
    }
  });

  it('keeps the main thread responsive while a program spins to its deadline', async () => {
    const sandbox = createSandbox({ workers: 1 });
    try {
      await expectNextRunPasses(sandbox);
      // Had the loop run on this thread, it would be blocked for the whole second: one late tick.
      let ticks = 0;
      let worstGap = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        worstGap = Math.max(worstGap, now - last);
        last = now;
        ticks++;
      }, 10);
      const [result] = await sandbox.runTests('while (true) {}', ['assert(1, 1)'], {
        timeMs: 1000,
      });
      clearInterval(ticker);
      expect(result?.status).toBe('Time Limit Exceeded');
      expect(ticks).toBeGreaterThan(40);
      expect(worstGap).toBeLessThan(500);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses calls once closed', async () => {
    const sandbox = createSandbox({ workers: 1 });
    await sandbox.close();
    await expect(sandbox.runTests(IDENTITY, ['assert(id(1), 1)'])).rejects.toThrow(
      'The code runner has been stopped.',
    );
  });

  it('rejects the calls still waiting when it is closed', async () => {
    const sandbox = createSandbox({ workers: 1 });
    const pending = sandbox.runTests('while (true) {}', ['assert(1, 1)'], { timeMs: 5000 });
    const refused = expect(pending).rejects.toThrow('The code runner has been stopped.');
    await sandbox.close();
    await refused;
  });
});
