import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { withinLimits } from '../../core/write-limits';

/**
 * Runs a message's write if the sender is under their limit (global and chat messages count
 * together). The message is counted with its write (core/write-limits.ts), so a burst of concurrent
 * sends cannot all slip past and one that was refused (not a participant, unknown chat) counts
 * nothing. A message over the limit is refused before anything is written; one that was written is
 * never dropped.
 */
export function withinMessageLimit<R>(
  deps: ApiDeps,
  viewer: Viewer,
  write: () => Promise<R>,
): Promise<R> {
  return withinLimits(deps, String(viewer.id), ['messages'], undefined, write);
}
