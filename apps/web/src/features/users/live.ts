import type { UserEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { useResumableStream, type ResumePoint } from '../../shared/hooks/useResumableStream';
import { trpc } from '../../trpc';
import { useApplyUserEvent } from './cache';

const usersPoint: ResumePoint = { lastEventId: null };

/**
 * Keeps the cached users list (and cached profiles) current from user.onUserChanged:
 * created adds, updated replaces, deleted removes. Mount it on screens that show users.
 */
export function useLiveUsers(): void {
  const apply = useApplyUserEvent();
  const stream = useResumableStream<UserEvent>({
    resumePoint: usersPoint,
    reads: [getQueryKey(trpc.user.list)],
    readsUnderWay: 'restart',
    onEvent: ({ data }) => apply(data),
  });
  trpc.user.onUserChanged.useSubscription(stream.input, stream.handlers);
}
