import type { NotificationEvent, NotificationPage, NotificationPlace } from '@app/api';
import { answerAnchor, commentAnchor } from '../../shared/lib/postAnchors';

/**
 * A notification event applied to the cached pages of the list (newest first): a new one joins the
 * first page in id order (once, however often it arrives), read ones turn read. The same pages come
 * back when nothing changes, so react-query keeps its renders.
 */
export function applyNotificationEvent(
  pages: NotificationPage[],
  event: NotificationEvent,
): NotificationPage[] {
  switch (event.type) {
    case 'created': {
      const [first, ...rest] = pages;
      const { notification } = event;
      if (!first || pages.some((page) => page.items.some((n) => n.id === notification.id)))
        return pages;
      const items = [...first.items, notification].sort((a, b) => b.id - a.id);
      return [{ ...first, items }, ...rest];
    }
    case 'read':
    case 'allRead': {
      const isRead =
        event.type === 'read'
          ? (id: number) => event.ids.includes(id)
          : (id: number) => id <= event.upToId;
      let changed = false;
      const next = pages.map((page) => {
        if (!page.items.some((n) => !n.read && isRead(n.id))) return page;
        changed = true;
        return {
          ...page,
          items: page.items.map((n) => (!n.read && isRead(n.id) ? { ...n, read: true } : n)),
        };
      });
      return changed ? next : pages;
    }
  }
}

/** Where in a question a notification's post sits (both null for the question itself or a chat). */
export function postOf(place: NotificationPlace): {
  answerId: number | null;
  commentId: number | null;
} {
  return place.type === 'question'
    ? { answerId: place.answerId, commentId: place.commentId }
    : { answerId: null, commentId: null };
}

/** Where a notification opens: the question at its answer or comment, or the direct-message chat. */
export function notificationLink(place: NotificationPlace): string {
  if (place.type === 'chat') return `/messaging/direct-message?chat=${place.chatId}`;
  const anchor =
    place.commentId !== null
      ? commentAnchor(place.commentId)
      : place.answerId !== null
        ? answerAnchor(place.answerId)
        : null;
  return `/question/${place.qid}${anchor ? `#${anchor}` : ''}`;
}
