import { describe, expect, it } from 'vitest';
import {
  applyChatEventToDetail,
  applyChatEventToList,
  applyInboxEventToList,
  chatTitle,
  parseChatParam,
  totalUnread,
  unreadLabel,
  type ChatEvent,
  type ChatSummary,
} from './chats';

const T0 = new Date('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const chat = (id: number, extra: Partial<ChatSummary> = {}): ChatSummary => ({
  id,
  participants: ['alice', `user${id}`],
  createdAt: at(id),
  lastMessage: null,
  lastActivityAt: at(id),
  latestMessageId: 0,
  unread: 0,
  ...extra,
});

const newMessage = (chatId: number, id: number, msgFrom: string, minutes: number): ChatEvent => ({
  type: 'newMessage',
  chatId,
  message: { id, msg: `message ${id}`, msgFrom, msgDateTime: at(minutes) },
  lastActivityAt: at(minutes),
});

const ids = (list: ChatSummary[]) => list.map((c) => c.id);
const unreadOf = (list: ChatSummary[], id: number) => list.find((c) => c.id === id)?.unread;

// Most recently active first, as the server lists them.
const mine = () => [chat(3), chat(2), chat(1)];

describe('applyChatEventToList: newMessage', () => {
  it('moves the chat to the top with its last message and counts it unread', () => {
    const { list, refetch } = applyChatEventToList(mine(), newMessage(1, 40, 'user1', 10), 'alice');
    expect(refetch).toBe(false);
    expect(ids(list)).toEqual([1, 3, 2]);
    expect(list[0]).toMatchObject({
      latestMessageId: 40,
      unread: 1,
      lastActivityAt: at(10),
      lastMessage: { id: 40, msgFrom: 'user1' },
    });
  });

  it('counts each message once: the same event again, or an older one, changes nothing', () => {
    const first = applyChatEventToList(mine(), newMessage(1, 40, 'user1', 10), 'alice').list;
    const again = applyChatEventToList(first, newMessage(1, 40, 'user1', 10), 'alice');
    expect(again.list).toBe(first);
    const stale = applyChatEventToList(first, newMessage(1, 39, 'user1', 9), 'alice');
    expect(stale.list).toBe(first);
    expect(unreadOf(first, 1)).toBe(1);
  });

  it("never counts the viewer's own messages", () => {
    const { list } = applyChatEventToList(mine(), newMessage(2, 41, 'alice', 10), 'alice');
    expect(ids(list)).toEqual([2, 3, 1]);
    expect(unreadOf(list, 2)).toBe(0);
  });

  it('a message the viewer wrote (from another device) means the chat is read up to it', () => {
    const unread = chat(2, { unread: 3, latestMessageId: 30 });
    const { list } = applyChatEventToList([unread], newMessage(2, 41, 'alice', 10), 'alice');
    expect(unreadOf(list, 2)).toBe(0);
  });

  it('does not count messages of the chat the viewer is reading', () => {
    const { list } = applyChatEventToList(mine(), newMessage(2, 41, 'user2', 10), 'alice', 2);
    expect(unreadOf(list, 2)).toBe(0);
    expect(list[0]?.latestMessageId).toBe(41);
  });

  it('asks for a refetch for a chat it does not hold', () => {
    const patch = applyChatEventToList(mine(), newMessage(99, 50, 'bob', 10), 'alice');
    expect(patch.refetch).toBe(true);
    expect(ids(patch.list)).toEqual([3, 2, 1]);
  });
});

describe('applyChatEventToList: created', () => {
  const created = (id: number, participants: string[], minutes: number): ChatEvent => ({
    type: 'created',
    chatId: id,
    chat: { id, participants, createdAt: at(minutes) },
    lastActivityAt: at(minutes),
  });

  it('puts a new chat with the viewer first, once', () => {
    const first = applyChatEventToList(mine(), created(7, ['bob', 'alice'], 20), 'alice').list;
    expect(ids(first)).toEqual([7, 3, 2, 1]);
    expect(first[0]).toMatchObject({ unread: 0, latestMessageId: 0, lastMessage: null });
    const again = applyChatEventToList(first, created(7, ['bob', 'alice'], 20), 'alice');
    expect(again.list).toBe(first);
  });

  it('ignores a chat without the viewer', () => {
    const list = mine();
    expect(applyChatEventToList(list, created(8, ['bob', 'carol'], 20), 'alice').list).toBe(list);
  });
});

describe('applyChatEventToList: newParticipant', () => {
  const joined = (chatId: number, username: string, participants: string[]): ChatEvent => ({
    type: 'newParticipant',
    chatId,
    username,
    participants,
  });

  it('replaces the participants, and a late older list changes nothing', () => {
    const three = ['alice', 'user2', 'carol'];
    const first = applyChatEventToList(mine(), joined(2, 'carol', three), 'alice').list;
    expect(first.find((c) => c.id === 2)?.participants).toEqual(three);
    expect(ids(first)).toEqual([3, 2, 1]);
    const older = applyChatEventToList(first, joined(2, 'user2', ['alice', 'user2']), 'alice');
    expect(older.list).toBe(first);
  });

  it('asks for a refetch when the viewer was added to a chat the list does not hold', () => {
    const added = applyChatEventToList(
      mine(),
      joined(9, 'alice', ['bob', 'carol', 'alice']),
      'alice',
    );
    expect(added.refetch).toBe(true);
    const notMe = applyChatEventToList(mine(), joined(9, 'dave', ['bob', 'dave']), 'alice');
    expect(notMe.refetch).toBe(false);
  });

  it('updates a cached chat page too', () => {
    const detail = { id: 2, participants: ['alice', 'user2'], createdAt: at(2) };
    const event = joined(2, 'carol', ['alice', 'user2', 'carol']);
    expect(applyChatEventToDetail(detail, event).participants).toEqual(['alice', 'user2', 'carol']);
    expect(applyChatEventToDetail(detail, joined(3, 'carol', ['a', 'b', 'c']))).toBe(detail);
  });
});

describe('applyInboxEventToList', () => {
  const unreadList = () => [chat(3, { latestMessageId: 30, unread: 2 }), chat(2), chat(1)];

  it("zeroes a chat's count when read up to its latest message, and again changes nothing", () => {
    const first = applyInboxEventToList(unreadList(), { type: 'read', chatId: 3, lastReadId: 30 });
    expect(unreadOf(first.list, 3)).toBe(0);
    expect(first.refetch).toBe(false);
    expect(
      applyInboxEventToList(first.list, { type: 'read', chatId: 3, lastReadId: 30 }).list,
    ).toBe(first.list);
  });

  it('leaves a read position older than the latest message to a refetch', () => {
    const list = unreadList();
    const patch = applyInboxEventToList(list, { type: 'read', chatId: 3, lastReadId: 25 });
    expect(patch.list).toBe(list);
    expect(patch.refetch).toBe(true);
  });

  it('ignores chats it does not hold', () => {
    const list = unreadList();
    expect(applyInboxEventToList(list, { type: 'read', chatId: 99, lastReadId: 1 })).toEqual({
      list,
      refetch: false,
    });
  });
});

describe('labels and parameters', () => {
  it('adds up the unread counts', () => {
    expect(totalUnread([chat(1, { unread: 2 }), chat(2, { unread: 3 })])).toBe(5);
    expect(totalUnread(undefined)).toBe(0);
    expect(unreadLabel(3)).toBe('3 unread');
  });

  it("names a chat by the other participants: 'Chat with: …'", () => {
    expect(chatTitle(['alice', 'bob', 'carol'], 'alice')).toBe('Chat with: bob, carol');
    expect(chatTitle(['alice'], 'alice')).toBe('Chat with: alice');
  });

  it('reads ?chat= like the server checks chat ids', () => {
    expect(parseChatParam(null)).toEqual({ kind: 'none' });
    expect(parseChatParam('12')).toEqual({ kind: 'chat', chatId: 12 });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999'])
      expect(parseChatParam(bad)).toEqual({ kind: 'invalid', message: 'Invalid chat ID' });
  });
});
