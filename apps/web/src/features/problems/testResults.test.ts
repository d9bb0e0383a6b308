import { describe, expect, it } from 'vitest';
import {
  allPassed,
  figureLabels,
  memoryLabel,
  passCountLabel,
  runtimeLabel,
  statusLabel,
} from './testResults';

describe('test results panel (SPEC §2)', () => {
  it("formats 'Runtime: …ms' from nanoseconds and 'Memory Usage: …kB' from bytes", () => {
    expect(runtimeLabel(412_000)).toBe('Runtime: 0.412ms');
    expect(runtimeLabel(2_000_000)).toBe('Runtime: 2ms');
    expect(runtimeLabel(1_234_567_890)).toBe('Runtime: 1,234.568ms');
    expect(runtimeLabel(0)).toBe('Runtime: 0ms');
    expect(memoryLabel(181_000)).toBe('Memory Usage: 176.8kB');
    expect(memoryLabel(2048)).toBe('Memory Usage: 2kB');
    expect(statusLabel('Wrong Answer')).toBe('Status: Wrong Answer');
  });

  it('passes only when there are results and every one is OK', () => {
    expect(allPassed(null)).toBe(false);
    expect(allPassed([])).toBe(false);
    expect(allPassed([{ status: 'OK' }, { status: 'OK' }])).toBe(true);
    expect(allPassed([{ status: 'OK' }, { status: 'Wrong Answer' }])).toBe(false);
    expect(passCountLabel([{ status: 'OK' }, { status: 'Runtime Error' }])).toBe(
      '1 of 2 tests passed',
    );
    expect(passCountLabel([{ status: 'OK' }])).toBe('1 of 1 test passed');
  });

  it('shows no figures for a hidden result whose figures the server withheld', () => {
    expect(figureLabels({ cpuTime: null, memoryUsage: null })).toBeNull();
    expect(figureLabels({ cpuTime: 2_000_000, memoryUsage: 65_536 })).toEqual({
      runtime: 'Runtime: 2ms',
      memory: 'Memory Usage: 64kB',
    });
  });
});
