import type { UserEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { useResumableStream, type ResumePoint } from '../../shared/hooks/useResumableStream';
import { trpc } from '../../trpc';
import { useApplyUserEvent } from './cache';

const usersPoint: ResumePoint = { lastEventId: null };

/**
 * Keeps the cached users list, profiles and reputations current from user.onUserChanged:
 * created adds, updated replaces, deleted removes, a reputation change sets the number. Mount it on
 * screens that show users (once per screen: useReputations mounts it too).
 */
export function useLiveUsers(): void {
  const apply = useApplyUserEvent();
  const stream = useResumableStream<UserEvent>({
    resumePoint: usersPoint,
    reads: [getQueryKey(trpc.user.list), getQueryKey(trpc.reputation.byUsernames)],
    readsUnderWay: 'restart',
    onEvent: ({ data }) => apply(data),
  });
  trpc.user.onUserChanged.useSubscription(stream.input, stream.handlers);
}
