import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { restartReads } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useMessagingCache } from './useMessagingCache';

// The last global chat event this page load has seen: a remounted room resumes after it.
const resumePoint: { lastEventId: string | null } = { lastEventId: null };

/** Keeps the global chat room current from message.onMessage. Mount it on the Chat Room screen. */
export function useLiveGlobalChat(): void {
  const queryClient = useQueryClient();
  const { applyGlobal } = useMessagingCache();
  // Fixed for the life of the subscription; later resumes carry the id in the link layer.
  const [input] = useState(() => ({ lastEventId: resumePoint.lastEventId }));

  trpc.message.onMessage.useSubscription(input, {
    onStarted: () => {
      // Without a resume point, messages between the fetch and this start could be lost: refetch once.
      if (!resumePoint.lastEventId)
        void restartReads(queryClient, [getQueryKey(trpc.message.list)]);
    },
    onData: ({ id, data }) => {
      resumePoint.lastEventId = id;
      applyGlobal({ id, payload: data });
    },
  });
}
