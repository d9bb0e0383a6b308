import type { NotificationView } from './shapes';

/** Notifications were read: these ones (one opened, or a chat read), or every one up to an id. */
export type ReadNotificationEvent =
  | { type: 'read'; ids: number[]; unreadCount: number }
  | { type: 'allRead'; upToId: number; unreadCount: number };

/**
 * What a subscriber to its owner's notifications receives. Every event carries the owner's unread
 * count, so a client's bell is always the latest event's number.
 */
export type NotificationEvent =
  { type: 'created'; notification: NotificationView; unreadCount: number } | ReadNotificationEvent;

/**
 * What the outbox keeps of them. A new notification is stored without the count: it is counted as
 * it is delivered, only when its owner is there to see it. Counted in the write that sends it (a
 * comment, an answer, a message), it was 38–46 µs of a comment's ~500 µs of server time, paid
 * mostly for people who were not looking. A read is the owner's own act, and its count is its answer anyway.
 */
export type StoredNotificationEvent =
  { type: 'created'; notification: NotificationView } | ReadNotificationEvent;

declare module '../../core/topics' {
  interface EventMap {
    /** Keyed by the owner's username: their own notifications, for them alone. */
    notification: StoredNotificationEvent;
  }
}
