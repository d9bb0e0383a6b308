import { describe, expect, it } from 'vitest';
import { createThreadClock } from '../src/thread-clock.mjs';

describe('the thread clock', () => {
  // Node 24+ has process.threadCpuUsage, but on Linux it moves in scheduler ticks (4 ms): a short
  // test measured 0 ms. schedstat's wait time is exact, so Linux keeps it.
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
        spans.push(clock.now() - start);
      }
      const nonZeroUnderATick = spans.filter((ns) => ns > 0 && ns < 1_000_000);
      expect(nonZeroUnderATick.length).toBeGreaterThan(25);
    },
  );
});
