import { bytesToKb, nanosToMs, PASSING_STATUS } from '@app/validators';
import type { TestResult } from './problemTypes';

const figure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const kilobytes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Nanoseconds as milliseconds, to the microsecond: '0.412'. */
export const formatMs = (nanos: number): string => figure.format(nanosToMs(nanos));
/** Bytes as kilobytes, to a tenth: '176.8'. */
export const formatKb = (bytes: number): string => kilobytes.format(bytesToKb(bytes));

/** SPEC §2 Test results panel: 'Runtime: …ms' (cpuTime in nanoseconds / 1e6). */
export const runtimeLabel = (cpuTime: number): string => `Runtime: ${formatMs(cpuTime)}ms`;

/** SPEC §2 Test results panel: 'Memory Usage: …kB' (memoryUsage in bytes / 1024). */
export const memoryLabel = (memoryUsage: number): string =>
  `Memory Usage: ${formatKb(memoryUsage)}kB`;

export const statusLabel = (status: string): string => `Status: ${status}`;

export const passed = (result: Pick<TestResult, 'status'>): boolean =>
  result.status === PASSING_STATUS;

/** Every result OK (SPEC §4): what enables Submit. No results is not a pass. */
export function allPassed(results: readonly Pick<TestResult, 'status'>[] | null): boolean {
  return results !== null && results.length > 0 && results.every(passed);
}

/**
 * The 'Runtime: …ms' and 'Memory Usage: …kB' lines, or null when the server withheld the figures
 * (a hidden test of someone else's problem: its verdict only).
 */
export function figureLabels(
  result: Pick<TestResult, 'cpuTime' | 'memoryUsage'>,
): { runtime: string; memory: string } | null {
  if (result.cpuTime === null || result.memoryUsage === null) return null;
  return { runtime: runtimeLabel(result.cpuTime), memory: memoryLabel(result.memoryUsage) };
}

/** '3 of 4 tests passed'. */
export function passCountLabel(results: readonly Pick<TestResult, 'status'>[]): string {
  const count = results.filter(passed).length;
  return `${count} of ${results.length} ${results.length === 1 ? 'test' : 'tests'} passed`;
}
