import { describe, expect, it } from 'vitest';
import { CpuBudget, heldSpan, TICK_NS } from '../src/thread-clock.mjs';

const at = (fine: number, coarse: number) => ({ fine, coarse });

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

  it('a budget never reports less than it once read, so a run judged over its limit stays over', () => {
    const readings = [at(0, 0), at(310e6, 310e6), at(250e6, 310e6)];
    const clock = { kind: 'schedstat' as const, now: () => readings.shift() ?? at(250e6, 310e6) };
    const budget = new CpuBudget(clock, 300);
    expect(budget.spent()).toBe(310e6);
    expect(budget.spent()).toBe(310e6);
  });
});
