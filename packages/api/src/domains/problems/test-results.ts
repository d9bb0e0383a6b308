import type { TestResult, Verdict } from '@app/sandbox';
import { PASSING_STATUS, problemMessages } from '@app/validators';
import type { TestResultView } from './shapes';

/** A test as the runner knows it: its number among all the problem's tests, its code, hidden or not. */
export interface RunTest {
  number: number;
  testCode: string;
  hidden: boolean;
}

/** Figures shown to anyone but the tests' author are rounded up to these steps (ns, bytes). */
export const SHOWN_TIME_STEP_NS = 1_000_000;
export const SHOWN_MEMORY_STEP_BYTES = 64 * 1024;

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;

/**
 * The results a viewer may read. With `reveal` (the tests are the viewer's own) every result is
 * whole. Otherwise a hidden test's result is its number and verdict only: its code, output, error
 * details and figures are withheld (a program can write a test's input into its own run time or
 * memory, and QuickJS counts memory to the byte), and no total of hidden figures is told either;
 * the visible tests' figures are rounded up to a millisecond and 64 KB.
 */
export function resultViews(
  tests: readonly RunTest[],
  results: readonly TestResult[],
  reveal: boolean,
): TestResultView[] {
  return tests.map((test, i): TestResultView => {
    const result = results[i];
    if (!result) throw new Error(`No result for test ${test.number}.`);
    if (reveal)
      return { number: test.number, hidden: test.hidden, testCode: test.testCode, ...result };
    if (test.hidden) return hiddenResultView(test.number, result.status);
    return {
      number: test.number,
      hidden: false,
      testCode: test.testCode,
      status: result.status,
      cpuTime: roundUp(result.cpuTime, SHOWN_TIME_STEP_NS),
      memoryUsage: roundUp(result.memoryUsage, SHOWN_MEMORY_STEP_BYTES),
      errorMessage: result.errorMessage,
      output: result.output,
    };
  });
}

/** A hidden test's result for anyone but its author: its number and verdict, nothing else. */
export function hiddenResultView(number: number, status: Verdict): TestResultView {
  return {
    number,
    hidden: true,
    testCode: null,
    status,
    cpuTime: null,
    memoryUsage: null,
    errorMessage: status === PASSING_STATUS ? '' : problemMessages.hiddenTestFailed,
    output: null,
  };
}

/** The first result that did not pass, with its 1-based number; null when all passed. */
export function firstFailure(
  results: readonly TestResult[],
): { number: number; result: TestResult } | null {
  const index = results.findIndex((result) => result.status !== PASSING_STATUS);
  const result = results[index];
  return result ? { number: index + 1, result } : null;
}

/** SPEC §7: a submission's runTime and heapUse are the means of cpuTime and memoryUsage over its tests. */
export function meanFigures(results: readonly TestResult[]): { runTime: number; heapUse: number } {
  if (results.length === 0) throw new Error('A submission is measured over at least one test.');
  const mean = (values: number[]) =>
    Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  return {
    runTime: mean(results.map((result) => result.cpuTime)),
    heapUse: mean(results.map((result) => result.memoryUsage)),
  };
}
