import { describe, expect, it } from 'vitest';
import { CpuBudget, createThreadClock, heldSpan, TICK_NS } from '../src/thread-clock.mjs';

const at = (fine: number, coarse: number, wall = fine) => ({ fine, coarse, wall });

describe("the worker thread's CPU clock", () => {
  it('measures a short run on the fine clock, though the tick-bound one has not moved', () => {
    expect(heldSpan(at(1_000e6, 900e6), at(1_000.2e6, 900e6))).toBe(0.2e6);
  });

  it('never measures less than a tick under the time on CPU when waiting is over-counted (seen under load)', () => {
    expect(heldSpan(at(0, 0), at(96e6, 300e6))).toBe(300e6 - TICK_NS);
  });

  it('never measures more than a tick over the time on CPU', () => {
    expect(heldSpan(at(0, 0), at(900e6, 300e6))).toBe(300e6 + TICK_NS);
  });

  it('measures a short run whose wait was counted late (seen under load) by its wall time, not 0', () => {
    expect(heldSpan(at(1_000e6, 900e6, 5e9), at(999e6, 900e6, 5e9 + 0.3e6))).toBe(0.3e6);
    expect(heldSpan(at(1_000e6, 900e6, 5e9), at(1_000e6, 900e6, 5e9 + 0.3e6))).toBe(0.3e6);
  });

  it('never measures more than the wall time that passed', () => {
    expect(heldSpan(at(0, 0, 0), at(4e6, 0, 1e6))).toBe(1e6);
  });

  it('a budget never reports less than it once read, so a run judged over its limit stays over', () => {
    const readings = [at(0, 0), at(310e6, 310e6), at(250e6, 310e6, 400e6)];
    const clock = {
      kind: 'schedstat' as const,
      now: () => readings.shift() ?? at(250e6, 310e6, 400e6),
    };
    const budget = new CpuBudget(clock, 300);
    expect(budget.spent()).toBe(310e6);
    expect(budget.spent()).toBe(310e6);
  });

  // Node 24+ has process.threadCpuUsage, but on Linux it moves in scheduler ticks (4 ms): a short
  // test measured 0 ms. schedstat's wait time is finer, so Linux keeps it.
  it.runIf(process.platform === 'linux')(
    'measures a short piece of work in less than a tick on Linux',
    () => {
      const clock = createThreadClock();
      expect(clock.kind).toBe('schedstat');
      const spans: number[] = [];
      for (let i = 0; i < 50; i++) {
        const start = clock.now();
        let sum = 0;
        for (let j = 0; j < 20_000; j++) sum += j;
        expect(sum).toBeGreaterThan(0);
        spans.push(heldSpan(start, clock.now()));
      }
      const nonZeroUnderATick = spans.filter((ns) => ns > 0 && ns < 1_000_000);
      expect(nonZeroUnderATick.length).toBeGreaterThan(25);
    },
  );
});
