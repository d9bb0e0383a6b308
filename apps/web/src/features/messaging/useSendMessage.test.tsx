import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ChatSummary } from './chats';
import type { LiveMessages, MessageView } from './messageCache';
import { callHook, heldServer } from '../../test-support/callHook';
import { trpc } from '../../trpc';
import { liveMessagesKey, type Conversation } from './cache';
import { useSendMessage } from './useSendMessage';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// Sending a message as the chat screens do: it shows at once, marked as sending, and the server's
// answer decides what stays. The server is a stand-in whose answers the test gives.

function chat(conversation: Conversation) {
  const server = heldServer();
  const { result: send, queryClient } = callHook(() => useSendMessage(conversation), 'alice', [
    server.link,
  ]);
  const shown = () => {
    const live = queryClient.getQueryData<LiveMessages>(liveMessagesKey(conversation));
    return [
      ...(live?.confirmed ?? []).map((m) => `${m.id}: ${m.msg}`),
      ...(live?.pending ?? []).map((m) => `sending: ${m.msg}`),
    ];
  };
  return { send, server, shown, queryClient };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const confirmed = (id: number, msg: string): MessageView => ({
  id,
  msg,
  msgFrom: 'alice',
  msgDateTime: new Date('2025-01-01T00:00:00Z'),
});

describe('sending a message', () => {
  it('shows it at once as sending, then the server’s message in its place', async () => {
    const room = chat('global');
    const sent = room.send('Hello all');
    await settle();
    expect(room.shown()).toEqual(['sending: Hello all']);
    expect(room.server.calls.map((c) => [c.path, c.input])).toEqual([
      ['message.send', { msg: 'Hello all', sendKey: expect.stringMatching(/^[\w-]{22}$/) }],
    ]);

    const message = confirmed(501, 'Hello all');
    room.server.calls[0]!.answer({
      data: { message, event: { id: 'm-501', payload: { type: 'newMessage', message } } },
    });
    await sent;

    expect(room.shown()).toEqual(['501: Hello all']);
  });

  it('takes it away again and hands the server’s reason to the screen when sending fails', async () => {
    const room = chat('global');
    const sent = room.send('Too fast');
    await settle();
    room.server.calls[0]!.answer({ error: 'You are sending messages too fast.' });

    await expect(sent).rejects.toThrow('You are sending messages too fast.');
    expect(room.shown()).toEqual([]);
  });

  it('sends to a direct chat by its id, shows the message there and as the chat’s last in the list', async () => {
    const direct = chat(77);
    direct.queryClient.setQueryData(getQueryKey(trpc.chat.list, undefined, 'query'), [
      {
        id: 77,
        participants: ['alice', 'bob'],
        createdAt: new Date('2024-12-31T00:00:00Z'),
        lastMessage: null,
        lastActivityAt: new Date('2024-12-31T00:00:00Z'),
        latestMessageId: 0,
        unread: 0,
      },
    ]);
    const sent = direct.send('Hi Bob');
    await settle();
    expect(direct.server.calls.map((c) => [c.path, c.input])).toEqual([
      ['chat.send', { chatId: 77, msg: 'Hi Bob', sendKey: expect.stringMatching(/^[\w-]{22}$/) }],
    ]);

    const message = confirmed(601, 'Hi Bob');
    direct.server.calls[0]!.answer({
      data: {
        message,
        event: {
          id: 'c-601',
          payload: { type: 'newMessage', chatId: 77, message, lastActivityAt: message.msgDateTime },
        },
      },
    });
    await sent;

    expect(direct.shown()).toEqual(['601: Hi Bob']);
    const list = direct.queryClient.getQueryData<ChatSummary[]>(
      getQueryKey(trpc.chat.list, undefined, 'query'),
    );
    expect(list?.[0]?.lastMessage?.msg).toBe('Hi Bob');
  });

  it('keeps two identical messages apart when their answers come back in the other order', async () => {
    const room = chat('global');
    const first = room.send('ok');
    const second = room.send('ok');
    await settle();
    expect(room.shown()).toEqual(['sending: ok', 'sending: ok']);

    const later = confirmed(702, 'ok');
    room.server.calls[1]!.answer({
      data: {
        message: later,
        event: { id: 'm-702', payload: { type: 'newMessage', message: later } },
      },
    });
    await second;
    expect(room.shown()).toEqual(['702: ok', 'sending: ok']);

    const earlier = confirmed(701, 'ok');
    room.server.calls[0]!.answer({
      data: {
        message: earlier,
        event: { id: 'm-701', payload: { type: 'newMessage', message: earlier } },
      },
    });
    await first;
    expect(room.shown()).toEqual(['701: ok', '702: ok']);
  });

  it('sends a failed message again with the same key, so the server posts it once; a new one gets a new key', async () => {
    const room = chat('global');
    const keyOf = (i: number) => (room.server.calls[i]!.input as { sendKey: string }).sendKey;
    const first = room.send('Are you there?');
    await settle();
    room.server.calls[0]!.answer({ error: 'The server did not answer in time. Please try again.' });
    await expect(first).rejects.toThrow('did not answer in time');

    const again = room.send('Are you there?');
    await settle();
    expect(keyOf(1)).toBe(keyOf(0));
    const message = confirmed(601, 'Are you there?');
    // The server had it already: the message comes back without an event.
    room.server.calls[1]!.answer({ data: { message, event: null } });
    await again;
    expect(room.shown()).toEqual(['601: Are you there?']);

    const next = room.send('Are you there?');
    await settle();
    expect(keyOf(2)).not.toBe(keyOf(0));
    room.server.calls[2]!.answer({
      data: { message: confirmed(602, 'Are you there?'), event: null },
    });
    await next;
  });
});
