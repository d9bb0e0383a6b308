import type { NotificationEvent, NotificationPage, NotificationView } from '@app/api';
import type { InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import { callHook } from '../../test-support/callHook';
import { trpc } from '../../trpc';
import { NOTIFICATION_LIST_INPUT, useApplyNotificationEvent } from './useNotifications';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// What the bell and the notification list do with the events of notification.onChange and the
// replies of the mark procedures. The hook remembers the event ids it applied for the page load, so
// every test uses its own.

const notice = (id: number): NotificationView => ({
  id,
  kind: 'answer',
  actor: 'bob',
  createdAt: new Date(id * 1000),
  read: false,
  place: { type: 'question', qid: 1, title: 'A question', answerId: id, commentId: null },
  excerpt: `answer ${id}`,
});

const countKey = getQueryKey(trpc.notification.unreadCount, undefined, 'query');
const listKey = getQueryKey(trpc.notification.list, NOTIFICATION_LIST_INPUT, 'infinite');

function bell(username = 'alice') {
  const { result: apply, queryClient } = callHook(useApplyNotificationEvent, username);
  queryClient.setQueryData(countKey, 1);
  queryClient.setQueryData<InfiniteData<NotificationPage>>(listKey, {
    pages: [{ items: [notice(1)], nextCursor: null }],
    pageParams: [null],
  });
  return {
    apply: (id: string, payload: NotificationEvent) => apply({ id, payload }),
    count: () => queryClient.getQueryData<number>(countKey),
    listed: () =>
      queryClient
        .getQueryData<InfiniteData<NotificationPage>>(listKey)
        ?.pages.flatMap((page) => page.items.map((n) => `${n.id}${n.read ? ' read' : ''}`)),
    queryClient,
  };
}

const created = (id: number, unreadCount: number): NotificationEvent => ({
  type: 'created',
  notification: notice(id),
  unreadCount,
});

describe('a notification event', () => {
  it('puts a new notification first in the list and shows the count it carries on the bell', () => {
    const alice = bell();
    alice.apply('n-1', created(2, 2));
    expect(alice.listed()).toEqual(['2', '1']);
    expect(alice.count()).toBe(2);
  });

  it('marks the notifications read that a read on another device names', () => {
    const alice = bell();
    alice.apply('n-2', { type: 'read', ids: [1], unreadCount: 0 });
    expect(alice.listed()).toEqual(['1 read']);
    expect(alice.count()).toBe(0);
  });

  it('is applied once when the reply and the live stream both deliver it, so it is announced once', () => {
    const alice = bell();
    expect(alice.apply('n-3', created(3, 2))).toBe(true);
    expect(alice.apply('n-3', created(3, 2))).toBe(false);
  });

  it('is applied again for another user who signs in on the same page', () => {
    expect(bell('bob').apply('n-4', created(4, 2))).toBe(true);
    const alice = bell('alice');
    expect(alice.apply('n-4', created(4, 2))).toBe(true);
    expect(alice.count()).toBe(2);
  });

  it('keeps the count an event carries when a read that started before it answers late', async () => {
    const alice = bell();
    let answer: (count: number) => void = () => {};
    // A read of the count under way (a refocus), which read the database before the event.
    const read = alice.queryClient
      .fetchQuery({
        queryKey: countKey,
        queryFn: () => new Promise<number>((resolve) => (answer = resolve)),
      })
      .catch(() => {});

    alice.apply('n-5', created(5, 2));
    await settle();
    answer(1);
    await read;
    await settle();

    expect(alice.count()).toBe(2);
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
