import type { NotificationEvent, NotificationView } from '@app/api';
import { NOTIFICATIONS_PAGE_SIZE } from '@app/validators';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { useUserContext } from '../../shared/session/context';
import { restartIfFetching, restartReads } from '../../shared/live/queryRestart';
import { trpc } from '../../trpc';
import { applyNotificationEvent } from './notificationCache';

/** The one cached list of the viewer's notifications (the bell's panel and the page share it). */
export const NOTIFICATION_LIST_INPUT = { limit: NOTIFICATIONS_PAGE_SIZE };

interface Identified<Payload> {
  id: string;
  payload: Payload;
}

// The ids applied lately, per signed-in user, because a write's own event comes back on the live
// stream too.
const RECENT_EVENTS = 200;
const applied = { username: '', ids: new Set<string>() };
function firstTime(username: string, id: string): boolean {
  if (applied.username !== username) {
    applied.username = username;
    applied.ids.clear();
  }
  if (applied.ids.has(id)) return false;
  applied.ids.add(id);
  if (applied.ids.size > RECENT_EVENTS) {
    const oldest = applied.ids.values().next().value;
    if (oldest !== undefined) applied.ids.delete(oldest);
  }
  return true;
}

/** The bell's count, the tab title's share and the list: the reads the notification stream keeps current. */
export const notificationReads = () => [
  getQueryKey(trpc.notification.unreadCount),
  getQueryKey(trpc.notification.unreadPosts),
  getQueryKey(trpc.notification.list),
];

/**
 * Applies a notification event (live, or a mark's reply) to the bell's count and the cached list,
 * once. Every event carries the unread count after it, so the bell shows the latest event's number.
 */
export function useApplyNotificationEvent(): (event: Identified<NotificationEvent>) => boolean {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const me = useUserContext().user.username;
  return useCallback(
    ({ id, payload }: Identified<NotificationEvent>) => {
      if (!firstTime(me, id)) return false;
      utils.notification.unreadCount.setData(undefined, payload.unreadCount);
      // The events carry the bell's count only: the title's share (posts, not messages) is read again.
      void utils.notification.unreadPosts.invalidate();
      utils.notification.list.setInfiniteData(NOTIFICATION_LIST_INPUT, (data) =>
        data ? { ...data, pages: applyNotificationEvent(data.pages, payload) } : data,
      );
      // A read under way may predate this event: read again (restartIfFetching says when).
      const fetching = queryClient.isFetching({ queryKey: getQueryKey(trpc.notification) }) > 0;
      restartIfFetching(
        'notification',
        fetching,
        () => void restartReads(queryClient, notificationReads()),
      );
      return true;
    },
    [utils, queryClient, me],
  );
}

/** The viewer's notifications, newest first, a page at a time. */
export function useNotificationList(opts: { enabled?: boolean } = {}) {
  return trpc.notification.list.useInfiniteQuery(NOTIFICATION_LIST_INPUT, {
    enabled: opts.enabled ?? true,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Marking read: opening one (fire and forget: the page it opens matters more), or all at once. */
export function useMarkNotificationsRead() {
  const utils = trpc.useUtils();
  const apply = useApplyNotificationEvent();
  const markAll = trpc.notification.markAllRead.useMutation();
  const markOne = useCallback(
    (notification: NotificationView) => {
      if (notification.read) return;
      void utils.client.notification.markRead
        .mutate({ id: notification.id })
        .then(({ event }) => {
          if (event) apply(event);
        })
        .catch(() => utils.notification.unreadCount.invalidate());
    },
    [utils, apply],
  );
  const markAllRead = useCallback(async () => {
    const { event } = await markAll.mutateAsync();
    if (event) apply(event);
  }, [markAll, apply]);
  return { markOne, markAllRead, markingAll: markAll.isPending };
}
