import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { useUserContext } from '../auth/context';
import { restartReads, restartReadsUnderWay } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useMessagingCache } from './useMessagingCache';

// Per signed-in user, the last chat and inbox events this page load has seen (private streams: a
// different user on the same page load starts afresh).
const resumePoints = new Map<string, { chat: string | null; inbox: string | null }>();
function resumePointOf(username: string) {
  let point = resumePoints.get(username);
  if (!point) {
    point = { chat: null, inbox: null };
    resumePoints.set(username, point);
  }
  return point;
}

/**
 * Keeps the viewer's chats current everywhere in the app: new chats, messages and participants
 * (chat.onChatEvent) and read positions from other devices (chat.onInbox), so unread counts are live
 * on every page. Mount it once, in the signed-in layout.
 */
export function useLiveChats(): void {
  const queryClient = useQueryClient();
  const { applyChat, applyInbox } = useMessagingCache();
  const point = resumePointOf(useUserContext().user.username);
  const [input] = useState(() => ({
    chat: { lastEventId: point.chat },
    inbox: { lastEventId: point.inbox },
  }));
  const list = getQueryKey(trpc.chat.list);
  const chat = getQueryKey(trpc.chat.byId);

  trpc.chat.onChatEvent.useSubscription(input.chat, {
    onStarted: () => {
      // Without a resume point, events between the fetches and this start could be lost: refetch once.
      if (!point.chat)
        void restartReads(queryClient, [list, chat, getQueryKey(trpc.chat.messages)]);
    },
    onData: ({ id, data }) => {
      point.chat = id;
      // Messages are not re-read: live ones are kept beside the history (hooks/useMessagingCache).
      restartReadsUnderWay(queryClient, [list, chat]);
      applyChat({ id, payload: data });
    },
  });

  trpc.chat.onInbox.useSubscription(input.inbox, {
    onStarted: () => {
      if (!point.inbox) void restartReads(queryClient, [list]);
    },
    onData: ({ id, data }) => {
      point.inbox = id;
      restartReadsUnderWay(queryClient, [list]);
      applyInbox({ id, payload: data });
    },
  });
}
