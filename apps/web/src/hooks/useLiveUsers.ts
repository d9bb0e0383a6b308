import { useState } from 'react';
import { applyUserChange } from '../lib/userList';
import { trpc } from '../trpc';

// The last user event this page load has seen: a remounted page resumes after it instead of starting blind.
const resumePoint: { lastEventId: string | null } = { lastEventId: null };

/**
 * Keeps the cached users list (and cached profiles) current from user.onUserChanged:
 * created adds, updated replaces, deleted removes. Mount it on screens that show users.
 */
export function useLiveUsers(): void {
  const utils = trpc.useUtils();
  // The input is fixed for the life of the subscription; later resumes carry the id in the link layer.
  const [input] = useState(() => ({ lastEventId: resumePoint.lastEventId }));

  trpc.user.onUserChanged.useSubscription(input, {
    onStarted: () => {
      // Without a resume point, events between the list fetch and this start could be lost: refetch once.
      if (!resumePoint.lastEventId) void utils.user.list.invalidate();
    },
    onData: ({ id, data: change }) => {
      resumePoint.lastEventId = id;
      utils.user.list.setData(undefined, (list) => (list ? applyUserChange(list, change) : list));
      const key = { username: change.user.username };
      if (change.type === 'deleted') void utils.user.byUsername.invalidate(key);
      else utils.user.byUsername.setData(key, (old) => (old ? change.user : old));
    },
  });
}
