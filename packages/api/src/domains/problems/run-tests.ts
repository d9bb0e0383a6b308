import type { RunProblemTestsInput, TestSolutionData } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { problemHidden, readProblemTests } from './problem-tests';
import { runInSandbox } from './sandbox-runs';
import type { TestResultView } from './shapes';
import { resultViews, type RunTest } from './test-results';

/** Test Solution on the create screen: the author's code against the author's tests, all shown. */
export async function testSolution(
  deps: ApiDeps,
  viewer: Viewer,
  input: TestSolutionData,
  signal?: AbortSignal,
): Promise<TestResultView[]> {
  const tests: RunTest[] = input.testCases.map((test, i) => ({
    number: i + 1,
    testCode: test.testCode,
    hidden: test.hidden,
  }));
  const results = await runInSandbox(
    deps,
    viewer,
    input.code,
    tests.map((test) => test.testCode),
    signal,
  );
  return resultViews(tests, results, true);
}

/**
 * Run Tests on the Attempt screen: the code against every test of the problem, hidden ones too, in
 * the problem's order. Hidden tests' results are redacted (their verdict only) and the other
 * figures rounded for everyone but the problem's author.
 */
export async function runProblemTests(
  deps: ApiDeps,
  viewer: Viewer,
  input: RunProblemTestsInput,
  signal?: AbortSignal,
): Promise<TestResultView[]> {
  const problem = await readProblemTests(deps.db, input.problemId);
  if (problem.hidden) throw problemHidden();
  const results = await runInSandbox(
    deps,
    viewer,
    input.code,
    problem.tests.map((test) => test.testCode),
    signal,
  );
  return resultViews(problem.tests, results, viewer.id === problem.authorId);
}
