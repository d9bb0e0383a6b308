import type { NotificationListInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import type { NotificationEvent, StoredNotificationEvent } from './events';
import { notificationViews, unreadCountOf } from './notification-views';
import type { NotificationPage } from './shapes';

/**
 * A page of the viewer's own notifications, newest first. Keyset paging by id: the cursor is the
 * oldest id the reader has, so new ones arriving meanwhile neither repeat nor skip one.
 */
export async function listNotifications(
  { db }: ApiDeps,
  viewer: Viewer,
  input: { cursor?: NotificationListInput['cursor']; limit: number },
): Promise<NotificationPage> {
  const rows = await notificationViews(db, viewer.id, input.cursor ?? null, input.limit + 1);
  const items = rows.slice(0, input.limit);
  const oldest = items.at(-1);
  return { items, nextCursor: rows.length > input.limit && oldest ? oldest.id : null };
}

/** How many of the viewer's notifications are unread: the bell's number. */
export async function countUnreadNotifications({ db }: ApiDeps, viewer: Viewer): Promise<number> {
  return unreadCountOf(db, viewer.id);
}

/**
 * How many unread notifications are about posts (answers, comments, acceptances, mentions): the tab
 * title adds them to the unread direct messages, which would otherwise count twice.
 */
export async function countUnreadPostNotifications(
  { db }: ApiDeps,
  viewer: Viewer,
): Promise<number> {
  return unreadCountOf(db, viewer.id, { postsOnly: true });
}

/**
 * A stored event as its owner receives it: a new notification with their unread count as it is
 * now, counted when it reaches them (so a replayed one carries today's number, not that of the day
 * it was sent). The other events carry theirs already.
 */
export async function withUnreadCount(
  deps: ApiDeps,
  viewer: Viewer,
  event: StoredNotificationEvent,
): Promise<NotificationEvent> {
  if (event.type !== 'created') return event;
  return { ...event, unreadCount: await countUnreadNotifications(deps, viewer) };
}
