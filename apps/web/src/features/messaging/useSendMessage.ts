import { useCallback } from 'react';
import { useUserContext } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { useMessagingCache, type Conversation } from './cache';

let pendingCount = 0;

/**
 * Sends a message to a conversation optimistically: it shows at once, marked as sending, and is
 * replaced by the server's message when the server confirms; the reply's event goes through the same
 * path as live events. On failure the pending message goes away and the promise rejects with the error.
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
      try {
        if (conversation === 'global') {
          const { message, event } = await sendGlobal({ msg });
          cache.confirmPending(conversation, tempId, message);
          cache.applyGlobal(event);
        } else {
          const { message, event } = await sendToChat({ chatId: conversation, msg });
          cache.confirmPending(conversation, tempId, message);
          cache.applyChat(event);
        }
      } catch (err) {
        cache.dropPending(conversation, tempId);
        throw err;
      }
    },
    [cache, conversation, me, sendGlobal, sendToChat],
  );
}
