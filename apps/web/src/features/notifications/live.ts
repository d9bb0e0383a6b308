import type { NotificationEvent, NotificationView } from '@app/api';
import { keyedResumePoints, useResumableStream } from '../../shared/hooks/useResumableStream';
import { useUserContext } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { notificationReads, useApplyNotificationEvent } from './useNotifications';

// A private stream: per signed-in user, so another user signing in on the same page load starts afresh.
const notificationPoint = keyedResumePoints<string>();

/**
 * Keeps the bell and the list current from notification.onChange, resuming after the last event on
 * a reconnect. Mount it once (the header's bell). `onCreated` hears of each new notification.
 */
export function useLiveNotifications(onCreated?: (notification: NotificationView) => void): void {
  const apply = useApplyNotificationEvent();
  const stream = useResumableStream<NotificationEvent>({
    resumePoint: notificationPoint(useUserContext().user.username),
    reads: notificationReads(),
    // The apply function restarts a read under way itself.
    readsUnderWay: 'leave',
    onEvent: ({ id, data }) => {
      if (apply({ id, payload: data }) && data.type === 'created') onCreated?.(data.notification);
    },
  });
  trpc.notification.onChange.useSubscription(stream.input, stream.handlers);
}
