import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { restartReads, restartReadsUnderWay } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useApplyUserEvent } from './useUserCache';

// The last user event this page load has seen: a remounted page resumes after it instead of starting blind.
const resumePoint: { lastEventId: string | null } = { lastEventId: null };

/**
 * Keeps the cached users list (and cached profiles) current from user.onUserChanged:
 * created adds, updated replaces, deleted removes. Mount it on screens that show users.
 */
export function useLiveUsers(): void {
  const queryClient = useQueryClient();
  const apply = useApplyUserEvent();
  // The input is fixed for the life of the subscription; later resumes carry the id in the link layer.
  const [input] = useState(() => ({ lastEventId: resumePoint.lastEventId }));
  const reads = [getQueryKey(trpc.user.list)];

  trpc.user.onUserChanged.useSubscription(input, {
    onStarted: () => {
      // Without a resume point, events between the list fetch and this start could be lost: refetch once.
      if (!resumePoint.lastEventId) void restartReads(queryClient, reads);
    },
    onData: ({ id, data: change }) => {
      resumePoint.lastEventId = id;
      restartReadsUnderWay(queryClient, reads);
      apply(change);
    },
  });
}
