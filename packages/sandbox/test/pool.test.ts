import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import {
  createSandbox,
  defaultWorkerCount,
  SandboxBusyError,
  SandboxCancelledError,
  SandboxOwnerLimitError,
  type TestResult,
} from '../src/index';
import { expectNextRunPasses, IDENTITY } from './helpers';

const ENDLESS = 'function f() { for (;;) {} }';

/** A promise's state, read without waiting: whether it has settled yet. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

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
      const running = track(sandbox.runTests('while (true) {}', ['assert(1, 1)'], { timeMs: 300 }));
      const waiting = sandbox.runTests(IDENTITY, ['assert(id(1), 1)']);
      await expect(sandbox.runTests(IDENTITY, ['assert(id(1), 1)'])).rejects.toThrow(
        new SandboxBusyError(),
      );
      // At once: refused while the run ahead of it still holds the only worker.
      expect(running.settled).toBe(false);
      expect(new SandboxBusyError().message).toBe(
        'The code runner is busy. Please try again in a moment.',
      );
      expect((await running.promise)[0]?.status).toBe('Time Limit Exceeded');
      expect((await waiting)[0]?.status).toBe('OK');
    } finally {
      await sandbox.close();
    }
  });

  it('ends a worker that hangs past the wall-clock limit and carries on with a fresh one', async () => {
    const sandbox = createSandbox({ workers: 1, graceMs: 200 });
    try {
      const results = await sandbox.runTests(
        `${HANG}\n${IDENTITY}`,
        ['assert(hang(), 1)', 'assert(id(2), 2)'],
        { timeMs: 200 },
      );
      expect(results.map((result) => result.status)).toEqual(['Time Limit Exceeded', 'OK']);
      expect(results[0]?.errorMessage).toBe(
        'Time limit exceeded: the program did not stop within 200 ms and was ended.',
      );
      // The worker thread's CPU time, read by the host: at least timeMs + graceMs.
      expect(results[0]?.cpuTime).toBeGreaterThanOrEqual(400e6);
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
      // Had the loop run on this thread, no timer could fire before it ended.
      const run = track(sandbox.runTests('while (true) {}', ['assert(1, 1)'], { timeMs: 1000 }));
      let ticks = 0;
      await new Promise<void>((resolve) => {
        const ticker = setInterval(() => {
          if (++ticks < 5) return;
          clearInterval(ticker);
          resolve();
        }, 1);
      });
      expect(run.settled).toBe(false);
      expect((await run.promise)[0]?.status).toBe('Time Limit Exceeded');
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

describe('when the workers start', () => {
  /** The real worker, behind a first line that says on a broadcast channel that a worker started. */
  function announcedWorker(channelName: string) {
    const real = new URL('../src/worker.mjs', import.meta.url).href;
    const code = `new BroadcastChannel(${JSON.stringify(channelName)}).postMessage('started');
      await import(${JSON.stringify(real)});`;
    const starts: unknown[] = [];
    const channel = new BroadcastChannel(channelName);
    channel.onmessage = (event) => starts.push((event as MessageEvent).data);
    return {
      url: new URL(`data:text/javascript,${encodeURIComponent(code)}`),
      starts,
      close: () => channel.close(),
    };
  }

  it('starts them with the pool by default', async () => {
    const worker = announcedWorker('pool-starts-now');
    const sandbox = createSandbox({ workers: 1, worker: { url: worker.url } });
    try {
      await vi.waitFor(() => expect(worker.starts).toEqual(['started']), { timeout: 10_000 });
    } finally {
      await sandbox.close();
      worker.close();
    }
  });

  it('starts none before the first run when told to wait for it, then runs as usual', async () => {
    const worker = announcedWorker('pool-starts-on-first-run');
    const sandbox = createSandbox({
      workers: 1,
      worker: { url: worker.url },
      startWorkers: 'on-first-run',
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(worker.starts).toEqual([]);
      await expectNextRunPasses(sandbox);
      await vi.waitFor(() => expect(worker.starts).toEqual(['started']));
    } finally {
      await sandbox.close();
      worker.close();
    }
  });
});

describe('sharing the workers between users', () => {
  it('lets one user have 2 runs in flight; a third is refused at once with a sentence', async () => {
    const sandbox = createSandbox({ workers: 1 });
    try {
      const first = sandbox.runTests(
        ENDLESS,
        ['assert(f(), 1)'],
        { timeMs: 300 },
        { owner: 'ann' },
      );
      const second = sandbox.runTests(IDENTITY, ['assert(id(1), 1)'], {}, { owner: 'ann' });
      const refused = sandbox.runTests(IDENTITY, ['assert(id(1), 1)'], {}, { owner: 'ann' });
      await expect(refused).rejects.toThrow(new SandboxOwnerLimitError(2));
      expect(new SandboxOwnerLimitError(2).message).toBe(
        'You already have 2 runs in progress. Wait for one to finish, then try again.',
      );
      // Someone else is not held back by ann's limit, and ann gets her place back once one ends.
      const other = sandbox.runTests(IDENTITY, ['assert(id(2), 2)'], {}, { owner: 'bo' });
      expect((await first)[0]?.status).toBe('Time Limit Exceeded');
      const again = sandbox.runTests(IDENTITY, ['assert(id(3), 3)'], {}, { owner: 'ann' });
      for (const run of [second, other, again]) expect((await run)[0]?.status).toBe('OK');
    } finally {
      await sandbox.close();
    }
  });

  it("takes the users' tests in turn, so one user's long runs do not hold up another's", async () => {
    const sandbox = createSandbox({ workers: 1 });
    try {
      await expectNextRunPasses(sandbox);
      const order: string[] = [];
      const endless = ['assert(f(), 1)', 'assert(f(), 1)', 'assert(f(), 1)'];
      const hog = (name: string) =>
        sandbox
          .runTests(ENDLESS, endless, { timeMs: 200 }, { owner: 'hog' })
          .then(() => order.push(name));
      const runs = [hog('hog 1'), hog('hog 2')];
      runs.push(
        sandbox
          .runTests(IDENTITY, ['assert(id(1), 1)'], {}, { owner: 'quick' })
          .then(() => order.push('quick')),
      );
      await Promise.all(runs);
      // In a first-come queue the quick run would wait for all six endless tests.
      expect(order).toEqual(['quick', 'hog 1', 'hog 2']);
    } finally {
      await sandbox.close();
    }
  });

  it('serves another user before a user whose run went straight to a free worker and who queued a second', async () => {
    const sandbox = createSandbox({ workers: 1 });
    try {
      await expectNextRunPasses(sandbox);
      const order: string[] = [];
      const spin = (name: string) =>
        sandbox
          .runTests(ENDLESS, ['assert(f(), 1)'], { timeMs: 300 }, { owner: 'ann' })
          .then(() => order.push(name));
      // The worker is free: ann's first run starts at once, so her line is empty while it runs.
      const runs = [spin('ann 1'), spin('ann 2')];
      runs.push(
        sandbox
          .runTests(IDENTITY, ['assert(id(1), 1)'], {}, { owner: 'bo' })
          .then(() => order.push('bo')),
      );
      await Promise.all(runs);
      expect(order).toEqual(['ann 1', 'bo', 'ann 2']);
    } finally {
      await sandbox.close();
    }
  });

  it('drops a waiting run when its requester goes away, and gives its place back', async () => {
    const sandbox = createSandbox({ workers: 1 });
    try {
      const running = track(
        sandbox.runTests(ENDLESS, ['assert(f(), 1)'], { timeMs: 300 }, { owner: 'ann' }),
      );
      const gone = new AbortController();
      const waiting = sandbox.runTests(
        IDENTITY,
        ['assert(id(1), 1)'],
        {},
        {
          owner: 'bo',
          signal: gone.signal,
        },
      );
      gone.abort();
      await expect(waiting).rejects.toThrow(new SandboxCancelledError());
      expect(running.settled).toBe(false);
      // Both of bo's places are free again.
      const next = [1, 2].map((n) =>
        sandbox.runTests(IDENTITY, [`assert(id(${n}), ${n})`], {}, { owner: 'bo' }),
      );
      for (const run of next) expect((await run)[0]?.status).toBe('OK');
      expect((await running.promise)[0]?.status).toBe('Time Limit Exceeded');
    } finally {
      await sandbox.close();
    }
  });

  it('runs no further test of a cancelled run: its test in progress ends, its result is dropped', async () => {
    const sent = vi.spyOn(Worker.prototype, 'postMessage');
    const sandbox = createSandbox({ workers: 1 });
    try {
      await expectNextRunPasses(sandbox);
      const gone = new AbortController();
      const cancelled = sandbox.runTests(
        ENDLESS,
        ['assert(f(), 1)', 'assert(f(), 2)', 'assert(f(), 3)'],
        { timeMs: 300 },
        { owner: 'ann', signal: gone.signal },
      );
      const refusal = expect(cancelled).rejects.toThrow(new SandboxCancelledError());
      gone.abort();
      await refusal;
      // The worker's next run is someone else's: by then the cancelled run's test has ended.
      const [after] = await sandbox.runTests(IDENTITY, ['assert(id(1), 1)'], {}, { owner: 'bo' });
      expect(after?.status).toBe('OK');
      const testsOfCancelled = sent.mock.calls.filter(
        ([message]) => (message as { code?: string }).code === ENDLESS,
      );
      expect(testsOfCancelled).toHaveLength(1);
    } finally {
      sent.mockRestore();
      await sandbox.close();
    }
  });

  it('answers a run already cancelled at once, and never starts it', async () => {
    const sandbox = createSandbox({ workers: 1 });
    try {
      const results: Promise<TestResult[]> = sandbox.runTests(
        IDENTITY,
        ['assert(id(1), 1)'],
        {},
        {
          owner: 'ann',
          signal: AbortSignal.abort(),
        },
      );
      await expect(results).rejects.toThrow(new SandboxCancelledError());
    } finally {
      await sandbox.close();
    }
  });
});
