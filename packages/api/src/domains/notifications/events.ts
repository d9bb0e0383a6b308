import type { NotificationView } from './shapes';

/**
 * The 'notification' topic, keyed by the owner's username: only they can subscribe to it. Every event
 * carries the owner's unread count after it, so a client's bell is always the latest event's number.
 */
export type NotificationEvent =
  | { type: 'created'; notification: NotificationView; unreadCount: number }
  /** These notifications were read (one opened, or a chat read). */
  | { type: 'read'; ids: number[]; unreadCount: number }
  /** Every notification up to this id was read ("mark all as read"). */
  | { type: 'allRead'; upToId: number; unreadCount: number };

declare module '../../core/topics' {
  interface EventMap {
    /** Keyed by the owner's username: their own notifications, for them alone. */
    notification: NotificationEvent;
  }
}
