import { type QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ChatDetail, ChatEvent, ChatSummary } from './chats';
import type { LiveMessages, MessageView } from './messageCache';
import { testCache } from '../../test-support/testCache';
import { trpc } from '../../trpc';
import {
  applyChatEvent,
  applyGlobalMessageEvent,
  applyInboxEvent,
  liveMessagesKey,
  type Conversation,
} from './cache';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// The messaging events applied to a real react-query cache, as the live streams and the writes'
// replies apply them. The rules remember the event ids they applied for the page load, so every test
// uses its own event ids and chat ids.

/** A cache and tRPC's helpers over it, as one signed-in user's page has them; no server is reached. */
function signedIn(me: string) {
  const { queryClient, utils } = testCache();
  return {
    queryClient,
    global: (id: string, message: MessageView) =>
      applyGlobalMessageEvent(queryClient, { id, payload: { type: 'newMessage', message } }, me),
    chat: (id: string, payload: ChatEvent) =>
      applyChatEvent(queryClient, utils, { id, payload }, me),
    inbox: (id: string, chatId: number, lastReadId: number) =>
      applyInboxEvent(
        queryClient,
        utils,
        { id, payload: { type: 'read', chatId, lastReadId } },
        me,
      ),
    live: (conversation: Conversation) =>
      queryClient
        .getQueryData<LiveMessages>(liveMessagesKey(conversation))
        ?.confirmed.map((m) => m.id) ?? [],
  };
}

const T0 = new Date('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const message = (id: number, msgFrom = 'bob'): MessageView => ({
  id,
  msg: `message ${id}`,
  msgFrom,
  msgDateTime: at(id),
});

const summary = (id: number, extra: Partial<ChatSummary> = {}): ChatSummary => ({
  id,
  participants: ['alice', 'bob'],
  createdAt: at(1),
  lastMessage: null,
  lastActivityAt: at(id),
  latestMessageId: 0,
  unread: 0,
  ...extra,
});

const newMessage = (chatId: number, id: number, msgFrom = 'bob'): ChatEvent => ({
  type: 'newMessage',
  chatId,
  message: message(id, msgFrom),
  lastActivityAt: at(id),
});

const listKey = getQueryKey(trpc.chat.list, undefined, 'query');
const chatKey = (chatId: number): QueryKey => getQueryKey(trpc.chat.byId, { chatId }, 'query');
const messagesKey = (chatId: number): QueryKey =>
  getQueryKey(trpc.chat.messages, { chatId }, 'infinite');
const chatList = (queryClient: QueryClient) => queryClient.getQueryData<ChatSummary[]>(listKey);
const wasInvalidated = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the global chat', () => {
  it('shows another user who signs in on the same page the events the previous user saw', () => {
    signedIn('bob').global('g-2', message(1002));
    // Signing in clears the cache; the events the streams replay for the new user are applied again.
    const alice = signedIn('alice');
    alice.global('g-2', message(1002));
    expect(alice.live('global')).toEqual([1002]);
  });
});

describe("a direct chat's events", () => {
  it('move the chat to the top of the list with its last message, counted unread, and show the message', () => {
    const alice = signedIn('alice');
    alice.queryClient.setQueryData(listKey, [summary(12), summary(11)]);

    alice.chat('c-1', newMessage(11, 2001));

    const list = chatList(alice.queryClient);
    expect(list?.map((c) => c.id)).toEqual([11, 12]);
    expect(list?.[0]?.unread).toBe(1);
    expect(list?.[0]?.lastMessage?.id).toBe(2001);
    expect(alice.live(11)).toEqual([2001]);
  });

  it('read the chat list again for a message in a chat it does not hold yet', () => {
    const alice = signedIn('alice');
    alice.queryClient.setQueryData(listKey, [summary(21)]);

    alice.chat('c-2', newMessage(22, 2002));

    expect(wasInvalidated(alice.queryClient, listKey)).toBe(true);
  });

  it('show a new participant on the open chat without reading it again', () => {
    const alice = signedIn('alice');
    const detail: ChatDetail = { id: 31, participants: ['alice', 'bob'], createdAt: at(1) };
    alice.queryClient.setQueryData(chatKey(31), detail);

    alice.chat('c-3', {
      type: 'newParticipant',
      chatId: 31,
      username: 'carol',
      participants: ['alice', 'bob', 'carol'],
    });

    const shown = alice.queryClient.getQueryData<ChatDetail>(chatKey(31));
    expect(shown?.participants).toEqual(['alice', 'bob', 'carol']);
    expect(wasInvalidated(alice.queryClient, chatKey(31))).toBe(false);
  });

  it('read a chat the viewer was refused a moment ago again once they are added to it', () => {
    const carol = signedIn('carol');
    carol.queryClient.setQueryData(messagesKey(41), { pages: [], pageParams: [] });

    carol.chat('c-4', {
      type: 'newParticipant',
      chatId: 41,
      username: 'carol',
      participants: ['alice', 'bob', 'carol'],
    });

    expect(wasInvalidated(carol.queryClient, messagesKey(41))).toBe(true);
  });

  it("clear a chat's unread count when the viewer read it on another device", () => {
    const alice = signedIn('alice');
    alice.queryClient.setQueryData(listKey, [summary(51, { latestMessageId: 9, unread: 3 })]);

    alice.inbox('i-1', 51, 9);

    expect(chatList(alice.queryClient)?.[0]?.unread).toBe(0);
  });

  it('read the chat list again when a read under way may answer with the unread count from before the message', async () => {
    const alice = signedIn('alice');
    const answers: (() => void)[] = [];
    let database = [summary(61)];
    const observer = new QueryObserver(alice.queryClient, {
      queryKey: listKey,
      // Each read takes what the database holds when it starts, and answers when the test says.
      queryFn: () => {
        const snapshot = database;
        return new Promise<ChatSummary[]>((resolve) => answers.push(() => resolve(snapshot)));
      },
    });
    observer.subscribe(() => {});
    answers[0]!();
    await settle();
    void observer.refetch(); // a read under way (a refocus) …
    database = [summary(61, { latestMessageId: 2006, unread: 1 })]; // … that started before this message

    alice.chat('c-6', newMessage(61, 2006));
    await settle();
    expect(answers).toHaveLength(3);
    answers[1]!(); // the older read answers late
    await settle();
    answers[2]!();
    await settle();

    expect(chatList(alice.queryClient)?.[0]?.unread).toBe(1);
  });
});
