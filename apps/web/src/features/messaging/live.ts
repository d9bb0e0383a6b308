import type { ChatEvent, GlobalMessageEvent, InboxEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import {
  keyedResumePoints,
  useResumableStream,
  type ResumePoint,
} from '../../shared/hooks/useResumableStream';
import { useUserContext } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { useMessagingCache } from './cache';

// Chats and the inbox are private streams: per signed-in user, so a different user on the same page
// load starts afresh.
const chatPoint = keyedResumePoints<string>();
const inboxPoint = keyedResumePoints<string>();
const globalPoint: ResumePoint = { lastEventId: null };

/**
 * Keeps the viewer's chats current everywhere in the app: new chats, messages and participants
 * (chat.onChatEvent) and read positions from other devices (chat.onInbox), so unread counts are live
 * on every page. Mount it once, in the signed-in layout.
 */
export function useLiveChats(): void {
  const { applyChat, applyInbox } = useMessagingCache();
  const me = useUserContext().user.username;
  const list = getQueryKey(trpc.chat.list);
  const chat = getQueryKey(trpc.chat.byId);

  const chats = useResumableStream<ChatEvent>({
    resumePoint: chatPoint(me),
    reads: [list, chat, getQueryKey(trpc.chat.messages)],
    readsUnderWay: 'restart',
    // Messages are not re-read: live ones are kept beside the history (cache.ts).
    readsEventsOvertake: [list, chat],
    onEvent: ({ id, data }) => applyChat({ id, payload: data }),
  });
  trpc.chat.onChatEvent.useSubscription(chats.input, chats.handlers);

  const inbox = useResumableStream<InboxEvent>({
    resumePoint: inboxPoint(me),
    reads: [list],
    readsUnderWay: 'restart',
    onEvent: ({ id, data }) => applyInbox({ id, payload: data }),
  });
  trpc.chat.onInbox.useSubscription(inbox.input, inbox.handlers);
}

/** Keeps the global chat room current from message.onMessage. Mount it on the Chat Room screen. */
export function useLiveGlobalChat(): void {
  const { applyGlobal } = useMessagingCache();
  const stream = useResumableStream<GlobalMessageEvent>({
    resumePoint: globalPoint,
    reads: [getQueryKey(trpc.message.list)],
    readsUnderWay: 'leave',
    onEvent: ({ id, data }) => applyGlobal({ id, payload: data }),
  });
  trpc.message.onMessage.useSubscription(stream.input, stream.handlers);
}
