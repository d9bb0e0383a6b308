import type { NotificationPage, NotificationView } from '@app/api';
import { describe, expect, it } from 'vitest';
import { applyNotificationEvent, notificationLink } from './notificationCache';

const notice = (id: number, read = false): NotificationView => ({
  id,
  kind: 'answer',
  actor: 'bob',
  createdAt: new Date(id * 1000),
  read,
  place: { type: 'question', qid: 1, title: 'A question', answerId: id, commentId: null },
  excerpt: `answer ${id}`,
});
const page = (ids: number[], nextCursor: number | null = null): NotificationPage => ({
  items: ids.map((id) => notice(id)),
  nextCursor,
});
const ids = (pages: NotificationPage[]) => pages.map((p) => p.items.map((n) => n.id));
const readIds = (pages: NotificationPage[]) =>
  pages.flatMap((p) => p.items.filter((n) => n.read).map((n) => n.id));

describe('applyNotificationEvent', () => {
  const pages = [page([9, 7], 7), page([4, 2])];

  it('puts a new notification on the first page in id order, once', () => {
    const created = { type: 'created' as const, notification: notice(8), unreadCount: 5 };
    const next = applyNotificationEvent(pages, created);
    expect(ids(next)).toEqual([
      [9, 8, 7],
      [4, 2],
    ]);
    expect(applyNotificationEvent(next, created)).toBe(next);
    expect(applyNotificationEvent([], created)).toEqual([]);
  });

  it('reads the named ones, or every one up to an id; the same pages when nothing changes', () => {
    const one = applyNotificationEvent(pages, { type: 'read', ids: [7], unreadCount: 3 });
    expect(readIds(one)).toEqual([7]);
    expect(one[1]).toBe(pages[1]);
    expect(applyNotificationEvent(one, { type: 'read', ids: [7], unreadCount: 3 })).toBe(one);
    const upTo = applyNotificationEvent(one, { type: 'allRead', upToId: 7, unreadCount: 1 });
    expect(readIds(upTo)).toEqual([7, 4, 2]);
  });
});

describe('notificationLink', () => {
  it('opens the question at the answer or comment, or the chat', () => {
    const q = { type: 'question' as const, qid: 3, title: 'T' };
    expect(notificationLink({ ...q, answerId: 5, commentId: null })).toBe('/question/3#answer-5');
    expect(notificationLink({ ...q, answerId: 5, commentId: 9 })).toBe('/question/3#comment-9');
    expect(notificationLink({ ...q, answerId: null, commentId: null })).toBe('/question/3');
    expect(notificationLink({ type: 'chat', chatId: 12 })).toBe(
      '/messaging/direct-message?chat=12',
    );
  });
});
