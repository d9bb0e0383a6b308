import { describe, expect, it } from 'vitest';
import { CpuBudget, schedstatTime, TICK_NS } from '../src/thread-clock.mjs';

describe("the worker thread's CPU clock", () => {
  it('uses the fine reading between scheduler ticks', () => {
    expect(schedstatTime(300e6, 302.5e6)).toBe(302.5e6);
  });

  it('never reads less than the time on CPU when waiting is over-counted (seen under load)', () => {
    expect(schedstatTime(300e6, 96e6)).toBe(300e6);
  });

  it('never reads more than a tick above the time on CPU', () => {
    expect(schedstatTime(300e6, 900e6)).toBe(300e6 + TICK_NS);
  });

  it('a budget never reports less than it once read, so a run judged over its limit stays over', () => {
    const readings = [0, 310e6, 250e6];
    const clock = { kind: 'schedstat' as const, now: () => readings.shift() ?? 250e6 };
    const budget = new CpuBudget(clock, 300);
    expect(budget.spent()).toBe(310e6);
    expect(budget.spent()).toBe(310e6);
  });
});
