import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { takeAllowances, type Allowance } from '../../core/write-limits';

/**
 * Runs a post's write if the author is under its limits, as limitedProcedure does, but after the
 * send-key check (send-keys.ts): a post sent again with its key is answered without counting. The
 * post is counted with its write (core/write-limits.ts): one refused (no such question, closed) or
 * lost to a racing send with the same key counts nothing.
 */
export async function withinPostLimits<R>(
  deps: ApiDeps,
  viewer: Viewer,
  allowances: readonly Allowance[],
  input: unknown,
  write: () => Promise<R>,
): Promise<R> {
  const taken = await takeAllowances(deps, String(viewer.id), allowances, () =>
    Promise.resolve(input),
  );
  let result: R;
  try {
    result = await taken.during(write);
  } catch (error) {
    await taken.refund();
    throw error;
  }
  await taken.settle();
  return result;
}
