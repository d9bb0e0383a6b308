import {
  SandboxBusyError,
  SandboxCancelledError,
  SandboxOwnerLimitError,
  type TestResult,
} from '@app/sandbox';
import { problemMessages } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { Viewer } from '../../core/viewer';

/**
 * Runs code against tests in the process's sandbox on the viewer's behalf: one run counts against
 * their test-run limit (counted before it starts, so a burst cannot all slip past). The sandbox
 * lets each viewer have a few runs in flight and takes different viewers' tests in turn; a full
 * queue or too many runs in flight is TOO_MANY_REQUESTS with a sentence (and the run is handed
 * back: it never ran). When `signal` aborts (the request or socket ended) the run is given up.
 * Never call it inside a write transaction: it waits for worker threads.
 */
export async function runInSandbox(
  deps: ApiDeps,
  viewer: Viewer,
  code: string,
  testCodes: readonly string[],
  signal?: AbortSignal,
): Promise<TestResult[]> {
  const key = String(viewer.id);
  if (!(await deps.limiters.testRuns.tryConsume(key))) {
    throw new Refusal({ code: 'TOO_MANY_REQUESTS', message: problemMessages.slowDown });
  }
  let results: TestResult[];
  try {
    results = await deps.sandbox.runTests(code, testCodes, undefined, { owner: key, signal });
  } catch (error) {
    if (error instanceof SandboxBusyError || error instanceof SandboxOwnerLimitError) {
      await deps.limiters.testRuns.refund(key);
      const message =
        error instanceof SandboxBusyError
          ? problemMessages.busy
          : problemMessages.tooManyRuns(error.limit);
      throw new Refusal({ code: 'TOO_MANY_REQUESTS', message, cause: error });
    }
    if (error instanceof SandboxCancelledError) {
      throw new Refusal({
        code: 'CLIENT_CLOSED_REQUEST',
        message: problemMessages.runCancelled,
        cause: error,
      });
    }
    throw error;
  }
  // A verdict per test or nothing: a short answer must never let untested code pass.
  if (results.length !== testCodes.length) {
    throw new Error(
      `The sandbox answered ${results.length} results for ${testCodes.length} tests.`,
    );
  }
  return results;
}
