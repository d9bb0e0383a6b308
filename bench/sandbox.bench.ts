/**
 * The code runner (packages/sandbox: QuickJS in WebAssembly, in a worker_threads pool) on this
 * machine, with the pool the server builds (createSandbox() defaults):
 * (a) per-test overhead: a trivial solution against TESTS test cases in one call, wall time per test;
 * (b) throughput: test runs per second while every worker is busy, for SECONDS seconds;
 * (c) the main thread's event-loop delay p99 while 4 infinite-loop programs run to their 2 s deadline.
 * Targets: under 5 ms per test, at least 300 test runs/s, p99 delay under 20 ms.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSandbox, defaultWorkerCount, type Sandbox } from '@app/sandbox';
import { recordSummary } from './support/summary';

const TESTS = Number(process.env.BENCH_SANDBOX_TESTS ?? 200);
const SECONDS = Number(process.env.BENCH_SANDBOX_SECONDS ?? 5);
const SPINNERS = 4;
const TARGET_OVERHEAD_MS = 5;
const TARGET_RUNS_PER_SECOND = 300;
const TARGET_DELAY_P99_MS = 20;

const IDENTITY = 'function id(x) { return x; }';
const identityTests = (count: number) =>
  Array.from({ length: count }, (_, i) => `assert(id(${i}), ${i})`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function expectAllOk(sandbox: Sandbox, code: string, tests: string[]) {
  const results = await sandbox.runTests(code, tests);
  const failed = results.find((result) => result.status !== 'OK');
  if (failed) throw new Error(`a benchmark test failed: ${JSON.stringify(failed)}`);
  return results;
}

/** (a) Wall time per test of one call, median of five calls after a warm-up. */
async function perTestOverhead(sandbox: Sandbox) {
  const tests = identityTests(TESTS);
  await expectAllOk(sandbox, IDENTITY, tests);
  const perTest: number[] = [];
  let guestNs = 0;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    const results = await expectAllOk(sandbox, IDENTITY, tests);
    perTest.push((performance.now() - started) / TESTS);
    guestNs = median(results.map((result) => result.cpuTime));
  }
  return { msPerTest: median(perTest), guestMs: guestNs / 1e6 };
}

/** (b) Every worker kept busy (two calls in flight per worker) for SECONDS seconds. */
async function throughput(sandbox: Sandbox, workers: number) {
  const tests = identityTests(50);
  const until = performance.now() + SECONDS * 1000;
  let runs = 0;
  const started = performance.now();
  const lane = async () => {
    while (performance.now() < until) {
      const results = await expectAllOk(sandbox, IDENTITY, tests);
      runs += results.length;
    }
  };
  await Promise.all(Array.from({ length: workers * 2 }, lane));
  return runs / ((performance.now() - started) / 1000);
}

/** (c) The main thread's event-loop delay while SPINNERS programs spin to their deadline. */
async function delayWhileSpinning(sandbox: Sandbox) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  const spins = await Promise.all(
    Array.from({ length: SPINNERS }, () => sandbox.runTests('while (true) {}', ['assert(1, 1)'])),
  );
  const seconds = (performance.now() - started) / 1000;
  histogram.disable();
  const verdicts = spins.map((results) => results[0]?.status);
  if (verdicts.some((status) => status !== 'Time Limit Exceeded')) {
    throw new Error(`an infinite loop was not stopped: ${verdicts.join(', ')}`);
  }
  return {
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
    seconds,
  };
}

async function main() {
  const workers = defaultWorkerCount();
  const sandbox = createSandbox();
  try {
    console.log(
      `\ncode runner: QuickJS (WebAssembly) in ${workers} worker thread(s), default limits`,
    );
    const overhead = await perTestOverhead(sandbox);
    const runsPerSecond = await throughput(sandbox, workers);
    const delay = await delayWhileSpinning(sandbox);

    const checks = [
      {
        label: `(a) per-test overhead, ${TESTS} tests of id(x)`,
        figure: `${overhead.msPerTest.toFixed(2)} ms/test (guest run ${overhead.guestMs.toFixed(3)} ms)`,
        pass: overhead.msPerTest < TARGET_OVERHEAD_MS,
        target: `< ${TARGET_OVERHEAD_MS} ms`,
      },
      {
        label: `(b) test runs per second, pool busy for ${SECONDS} s`,
        figure: `${Math.round(runsPerSecond).toLocaleString('en-US')} runs/s`,
        pass: runsPerSecond >= TARGET_RUNS_PER_SECOND,
        target: `>= ${TARGET_RUNS_PER_SECOND}`,
      },
      {
        label: `(c) event-loop delay, ${SPINNERS} infinite loops`,
        figure: `p99 ${delay.p99.toFixed(1)} ms (p50 ${delay.p50.toFixed(1)}, max ${delay.max.toFixed(1)}, over ${delay.seconds.toFixed(1)} s)`,
        pass: delay.p99 < TARGET_DELAY_P99_MS,
        target: `p99 < ${TARGET_DELAY_P99_MS} ms`,
      },
    ];
    console.log('');
    for (const check of checks) {
      console.log(
        check.label.padEnd(46),
        check.figure.padEnd(52),
        check.target.padEnd(14),
        check.pass ? 'PASS' : 'FAIL',
      );
    }
    const pass = checks.every((check) => check.pass);
    const [a, b, c] = checks;
    recordSummary('sandbox', 4, [
      {
        part: 'sandbox',
        name: `per-test overhead (${TESTS} tests of id(x))`,
        detail: `${overhead.msPerTest.toFixed(2)} ms/test, ${workers} worker(s)`,
        target: a?.target,
        pass: a?.pass,
      },
      {
        part: 'sandbox',
        name: 'test runs, pool busy',
        perSecond: runsPerSecond,
        detail: `${SECONDS} s, ${workers} worker(s)`,
        target: b?.target,
        pass: b?.pass,
      },
      {
        part: 'sandbox',
        name: `event-loop delay, ${SPINNERS} infinite loops`,
        p50: delay.p50,
        p99: delay.p99,
        detail: `max ${delay.max.toFixed(1)} ms over ${delay.seconds.toFixed(1)} s`,
        target: c?.target,
        pass: c?.pass,
      },
    ]);
    console.log(
      pass
        ? `\nPASS: overhead < ${TARGET_OVERHEAD_MS} ms/test, >= ${TARGET_RUNS_PER_SECOND} runs/s, event-loop p99 < ${TARGET_DELAY_P99_MS} ms`
        : `\nFAIL: ${checks
            .filter((check) => !check.pass)
            .map((check) => check.label)
            .join('; ')}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await sandbox.close();
  }
}

await main();
