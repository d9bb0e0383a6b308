import type { GlobalMessageEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef } from 'react';
import { usePageVisible } from '../../shared/hooks/usePageVisible';
import { keyedResumePoints, useResumableStream } from '../../shared/hooks/useResumableStream';
import { useUserContext } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { hasGlobalNews, markSeenUpTo, seenUpTo, useSeenUpTo } from './globalChatSeen';
import type { ShownMessage } from './messageCache';

/** The room's newest message: a page of one. */
const NEWEST = { limit: 1 };
const newsPoint = keyedResumePoints<string>();

/**
 * Whether the global chat has messages the viewer has not seen: for the menu's mark, on every page.
 * The room's newest message is read once and kept current by its own stream (it carries only the
 * room's few messages); how far the viewer looked is kept by globalChatSeen. A browser that never
 * looked starts from the room as it finds it: only messages after that are news.
 */
export function useGlobalChatNews(): boolean {
  const me = useUserContext().user.username;
  const utils = trpc.useUtils();
  const newestRead = trpc.message.list.useQuery(NEWEST, {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    select: (page) => page.items.at(-1),
  });
  const newest = newestRead.data;
  // Never looked in this browser (a new account, a new device): what the room held then is not news.
  const firstRead = useRef(true);
  useEffect(() => {
    if (!newestRead.isSuccess || !firstRead.current) return;
    firstRead.current = false;
    if (seenUpTo(me) === null) markSeenUpTo(me, newest?.id ?? 0);
  }, [newestRead.isSuccess, newest, me]);
  const stream = useResumableStream<GlobalMessageEvent>({
    resumePoint: newsPoint(me),
    reads: [getQueryKey(trpc.message.list, NEWEST, 'query')],
    readsUnderWay: 'restart',
    changesReads: (data) => data.type === 'newMessage',
    onEvent: ({ data }) => {
      if (data.type !== 'newMessage') return;
      utils.message.list.setData(NEWEST, (page) =>
        page && (page.items.at(-1)?.id ?? 0) >= data.message.id
          ? page
          : { items: [data.message], nextCursor: page?.nextCursor ?? null },
      );
    },
  });
  trpc.message.onMessage.useSubscription(stream.input, stream.handlers);
  return hasGlobalNews(newest, useSeenUpTo(me), me);
}

/** On the Chat Room, while the page is seen: the viewer has seen up to its newest shown message. */
export function useGlobalChatSeenWhileOpen(messages: readonly ShownMessage[]): void {
  const me = useUserContext().user.username;
  const visible = usePageVisible();
  const newestId = messages.reduce((max, m) => (m.id !== null && m.id > max ? m.id : max), 0);
  useEffect(() => {
    if (visible) markSeenUpTo(me, newestId);
  }, [me, visible, newestId]);
}
