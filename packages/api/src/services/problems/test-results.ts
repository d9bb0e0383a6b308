import type { TestResult } from '@app/sandbox';
import { PASSING_STATUS, problemMessages } from '@app/validators';
import type { TestResultView } from './problem-shapes';

/** A test as the runner knows it: its number among all the problem's tests, its code, hidden or not. */
export interface RunTest {
  number: number;
  testCode: string;
  hidden: boolean;
}

/**
 * The results a viewer may read. With `reveal` (the tests are the viewer's own) every result is
 * whole; otherwise a hidden test's result keeps its number, verdict and figures, and drops its code,
 * its output and the details of a failure, which could quote the test's input or expected value.
 */
export function resultViews(
  tests: readonly RunTest[],
  results: readonly TestResult[],
  reveal: boolean,
): TestResultView[] {
  return tests.map((test, i): TestResultView => {
    const result = results[i];
    if (!result) throw new Error(`No result for test ${test.number}.`);
    const shown = reveal || !test.hidden;
    const passed = result.status === PASSING_STATUS;
    return {
      number: test.number,
      hidden: test.hidden,
      testCode: shown ? test.testCode : null,
      status: result.status,
      cpuTime: result.cpuTime,
      memoryUsage: result.memoryUsage,
      errorMessage: shown ? result.errorMessage : passed ? '' : problemMessages.hiddenTestFailed,
      output: shown ? result.output : null,
    };
  });
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
