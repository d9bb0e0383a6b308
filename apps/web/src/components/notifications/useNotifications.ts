import type { NotificationEvent, NotificationView } from '@app/api';
import { NOTIFICATIONS_PAGE_SIZE } from '@app/validators';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useState } from 'react';
import { useUserContext } from '../../auth/context';
import { shouldRestart } from '../../lib/queryRestart';
import { trpc } from '../../trpc';
import { applyNotificationEvent } from './notificationCache';

/** The one cached list of the viewer's notifications (the bell's panel and the page share it). */
export const NOTIFICATION_LIST_INPUT = { limit: NOTIFICATIONS_PAGE_SIZE };

interface Identified<Payload> {
  id: string;
  payload: Payload;
}

// Per signed-in user, the last notification event this page load has seen (a private stream: another
// user signing in on the same page load starts afresh), and the ids applied lately, because a write's
// own event comes back on the live stream too.
const resumePoints = new Map<string, string>();
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

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * Reads the count and the list afresh. A read already under way is dropped rather than joined: it
 * may have read the database before the latest event and would put the older number back.
 */
function rereadNotifications(utils: Utils): void {
  void (async () => {
    await Promise.all([utils.notification.unreadCount.cancel(), utils.notification.list.cancel()]);
    await Promise.all([
      utils.notification.unreadCount.invalidate(),
      utils.notification.list.invalidate(),
    ]);
  })();
}

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
      utils.notification.list.setInfiniteData(NOTIFICATION_LIST_INPUT, (data) =>
        data ? { ...data, pages: applyNotificationEvent(data.pages, payload) } : data,
      );
      // A read under way may predate this event: read again (at most once a second).
      const fetching = queryClient.isFetching({ queryKey: getQueryKey(trpc.notification) }) > 0;
      if (shouldRestart('notification', fetching)) rereadNotifications(utils);
      return true;
    },
    [utils, queryClient, me],
  );
}

/**
 * Keeps the bell and the list current from notification.onChange, resuming after the last event on
 * a reconnect. Mount it once (the header's bell). `onCreated` hears of each new notification.
 */
export function useLiveNotifications(onCreated?: (notification: NotificationView) => void): void {
  const utils = trpc.useUtils();
  const apply = useApplyNotificationEvent();
  const me = useUserContext().user.username;
  const [input] = useState(() => ({ lastEventId: resumePoints.get(me) ?? null }));

  trpc.notification.onChange.useSubscription(input, {
    onStarted: () => {
      // Without a resume point, events between the first fetches and this start could be lost.
      if (!resumePoints.has(me)) rereadNotifications(utils);
    },
    onData: ({ id, data }) => {
      resumePoints.set(me, id);
      if (apply({ id, payload: data }) && data.type === 'created') onCreated?.(data.notification);
    },
  });
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
