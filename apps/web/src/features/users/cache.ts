import { getQueryKey } from '@trpc/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  applyReputationChange,
  applyUserChange,
  type ReputationChange,
  type UserChange,
} from './userList';
import { trpc } from '../../trpc';

/**
 * A stable function that applies a user event (live, or a write's reply) to the cached users list,
 * profiles and reputations: created adds, updated replaces, deleted removes, and a reputation change
 * sets the user's number wherever it is cached (and drops their history, which has a new line).
 */
export function useApplyUserEvent(): (change: UserChange | ReputationChange) => void {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useCallback(
    (change: UserChange | ReputationChange) => {
      if (change.type === 'reputation') {
        const { username, reputation } = change;
        utils.user.list.setData(undefined, (list) =>
          list ? applyReputationChange(list, change) : list,
        );
        utils.user.byUsername.setData({ username }, (old) => old && { ...old, reputation });
        queryClient.setQueriesData<{ username: string; reputation: number }[]>(
          { queryKey: getQueryKey(trpc.reputation.byUsernames) },
          (known) =>
            known?.map((user) => (user.username === username ? { ...user, reputation } : user)),
        );
        void utils.reputation.history.invalidate({ username });
        return;
      }
      utils.user.list.setData(undefined, (list) => (list ? applyUserChange(list, change) : list));
      const key = { username: change.user.username };
      if (change.type === 'deleted') void utils.user.byUsername.invalidate(key);
      else utils.user.byUsername.setData(key, (old) => (old ? change.user : old));
    },
    [utils, queryClient],
  );
}
