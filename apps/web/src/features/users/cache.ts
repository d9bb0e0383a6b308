import { useCallback } from 'react';
import { applyUserChange, type UserChange } from './userList';
import { trpc } from '../../trpc';

/**
 * A stable function that applies a user event (live, or a write's reply) to the cached users list
 * and profiles: created adds, updated replaces, deleted removes.
 */
export function useApplyUserEvent(): (change: UserChange) => void {
  const utils = trpc.useUtils();
  return useCallback(
    (change: UserChange) => {
      utils.user.list.setData(undefined, (list) => (list ? applyUserChange(list, change) : list));
      const key = { username: change.user.username };
      if (change.type === 'deleted') void utils.user.byUsername.invalidate(key);
      else utils.user.byUsername.setData(key, (old) => (old ? change.user : old));
    },
    [utils],
  );
}
