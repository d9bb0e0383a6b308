import { messagingMessages } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { Viewer } from '../../core/viewer';

/**
 * Runs a message's write if the sender is under their limit (global and chat messages count
 * together). The message is counted before the write, so a burst of concurrent sends cannot all slip
 * past; one that was refused (not a participant, unknown chat) is handed back. A message over the
 * limit is refused before anything is written; one that was written is never dropped.
 */
export async function withinMessageLimit<R>(
  deps: ApiDeps,
  viewer: Viewer,
  write: () => Promise<R>,
): Promise<R> {
  const key = String(viewer.id);
  if (!(await deps.limiters.messages.tryConsume(key))) {
    throw new Refusal({ code: 'TOO_MANY_REQUESTS', message: messagingMessages.slowDown });
  }
  try {
    return await write();
  } catch (error) {
    await deps.limiters.messages.refund(key);
    throw error;
  }
}
