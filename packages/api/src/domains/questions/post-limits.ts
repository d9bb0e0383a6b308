import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { withinLimits, type Allowance } from '../../core/write-limits';

/**
 * Runs a post's write if the author is under its limits, as limitedProcedure does, but after the
 * send-key check (send-keys.ts): a post sent again with its key is answered without counting. The
 * post is counted with its write (core/write-limits.ts): one refused (no such question, closed) or
 * lost to a racing send with the same key counts nothing.
 */
export function withinPostLimits<R>(
  deps: ApiDeps,
  viewer: Viewer,
  allowances: readonly Allowance[],
  input: unknown,
  write: () => Promise<R>,
): Promise<R> {
  return withinLimits(deps, String(viewer.id), allowances, input, write);
}
