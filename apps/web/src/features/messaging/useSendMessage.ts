import { useCallback } from 'react';
import { newSendKey } from '../../shared/lib/sendKey';
import { useUserContext } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { useMessagingCache, type Conversation } from './cache';

let pendingCount = 0;

// The keys of messages whose send failed, by conversation and text: sending the same text again is a
// retry and carries the same key, so a send that reached the server after all is not posted twice.
const FAILED_KEPT = 50;
const failedKeys = new Map<string, string>();
function keyFor(conversation: Conversation, msg: string): { slot: string; key: string } {
  const slot = `${conversation}\n${msg}`;
  return { slot, key: failedKeys.get(slot) ?? newSendKey() };
}
function rememberFailed(slot: string, key: string) {
  failedKeys.delete(slot);
  failedKeys.set(slot, key);
  if (failedKeys.size > FAILED_KEPT) {
    const oldest = failedKeys.keys().next().value;
    if (oldest !== undefined) failedKeys.delete(oldest);
  }
}

/**
 * Sends a message to a conversation optimistically: it shows at once, marked as sending, and is
 * replaced by the server's message when the server confirms; the reply's event goes through the same
 * path as live events. On failure the pending message goes away and the promise rejects with the error;
 * the same text sent again is the same message to the server (its key), posted at most once.
 * `msg` must already be checked and cleaned by the input schema.
 */
export function useSendMessage(conversation: Conversation): (msg: string) => Promise<void> {
  const cache = useMessagingCache();
  const me = useUserContext().user.username;
  const { mutateAsync: sendGlobal } = trpc.message.send.useMutation();
  const { mutateAsync: sendToChat } = trpc.chat.send.useMutation();

  return useCallback(
    async (msg: string) => {
      pendingCount += 1;
      const tempId = `pending-${pendingCount}`;
      cache.addPending(conversation, { tempId, msg, msgFrom: me, msgDateTime: new Date() });
      const { slot, key: sendKey } = keyFor(conversation, msg);
      try {
        // No event when the server had this message already: it came (or comes) live like any other.
        if (conversation === 'global') {
          const { message, event } = await sendGlobal({ msg, sendKey });
          cache.confirmPending(conversation, tempId, message);
          if (event) cache.applyGlobal(event);
        } else {
          const { message, event } = await sendToChat({ chatId: conversation, msg, sendKey });
          cache.confirmPending(conversation, tempId, message);
          if (event) cache.applyChat(event);
        }
        failedKeys.delete(slot);
      } catch (err) {
        cache.dropPending(conversation, tempId);
        rememberFailed(slot, sendKey);
        throw err;
      }
    },
    [cache, conversation, me, sendGlobal, sendToChat],
  );
}
