import { chatMessages } from '@app/db';
import { messagingMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  ChatTranscriptCache,
  type Transcript,
  type TranscriptRow,
} from '../src/read-cache/chat-transcripts';
import { createTestWorld } from './helpers';
import { chatWith, expectError, people, PLENTY } from './messaging-fixtures';

const message = (id: number, msgFrom = 'alice') => ({
  id,
  msg: `message ${id}`,
  msgFrom,
  msgDateTime: new Date(id * 1000),
});
const rows = (...ids: number[]): TranscriptRow[] =>
  ids.map((id) => ({ message: message(id), hidden: false }));
/** The ids of a kept transcript's rows, checked against its messages shown to all when it has them. */
const ids = ({ rows, shownToAll }: Transcript) => {
  const list = rows.map((row) => row.message.id);
  if (shownToAll) expect(shownToAll.map((message) => message.id)).toEqual(list);
  return list;
};
const newMessage = (chatId: number, id: number) => ({
  type: 'newMessage' as const,
  chatId,
  message: message(id),
  lastActivityAt: new Date(id * 1000),
});

describe('chat.transcript', () => {
  it('answers the chat with every message, oldest first, to its participants', async () => {
    const world = await createTestWorld({ limits: PLENTY });
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const sent = [];
    for (let i = 0; i < 120; i++)
      sent.push((await (i % 2 ? bob : alice).api.chat.send({ chatId, msg: `hi ${i}` })).message);
    const transcript = await bob.api.chat.transcript({ chatId });
    expect(transcript).toMatchObject({ id: chatId, participants: ['alice', 'bob'] });
    expect(transcript.messages).toEqual(sent);
  });

  it('shows a message sent after the chat was read, once', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'first' });
    expect((await alice.api.chat.transcript({ chatId })).messages).toHaveLength(1);
    const { message } = await alice.api.chat.send({ chatId, msg: 'second' });
    const { messages } = await alice.api.chat.transcript({ chatId });
    expect(messages.map((m) => m.msg)).toEqual(['first', 'second']);
    expect(messages[1]).toEqual(message);
  });

  it('leaves out a message flags hid, but for its sender, who sees it marked', async () => {
    const world = await createTestWorld();
    world.deps.moderation.hideAfterFlags = 1;
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const { message } = await alice.api.chat.send({ chatId, msg: 'rude words' });
    expect((await bob.api.chat.transcript({ chatId })).messages).toHaveLength(1);
    await bob.api.flag.create({ kind: 'chat_message', id: message.id, reason: 'rude' });
    expect((await bob.api.chat.transcript({ chatId })).messages).toEqual([]);
    expect((await alice.api.chat.transcript({ chatId })).messages).toEqual([
      { ...message, hidden: true },
    ]);
  });

  it('is for participants only: NOT_FOUND for an unknown chat, FORBIDDEN for someone else’s', async () => {
    const world = await createTestWorld();
    const { alice, carol } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'private' });
    await expectError(
      carol.api.chat.transcript({ chatId }),
      'FORBIDDEN',
      messagingMessages.notParticipant,
    );
    await expectError(
      carol.api.chat.transcript({ chatId: chatId + 100 }),
      'NOT_FOUND',
      messagingMessages.chatNotFound,
    );
  });

  it("is kept up to date by the chat's events, not by reading the table again", async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'kept' });
    expect((await alice.api.chat.transcript({ chatId })).messages).toHaveLength(1);
    // Straight into the table, with no event: the kept chat does not know of it.
    await world.db
      .insert(chatMessages)
      .values({ chatId, msg: 'unannounced', msgFrom: 1, msgDateTime: new Date() });
    expect((await alice.api.chat.transcript({ chatId })).messages).toHaveLength(1);
    // Its event (any message's) brings it: the cache is read again only when it is dropped.
    await alice.api.chat.send({ chatId, msg: 'announced' });
    expect((await alice.api.chat.transcript({ chatId })).messages.map((m) => m.msg)).toEqual([
      'kept',
      'announced',
    ]);
  });
});

describe('the kept transcripts', () => {
  it('reads a chat once, then adds new messages in id order, never twice', async () => {
    const cache = new ChatTranscriptCache();
    let reads = 0;
    const read = async () => (reads++, rows(1, 2));
    expect(ids(await cache.messages(7, read))).toEqual([1, 2]);
    cache.apply(newMessage(7, 4));
    cache.apply(newMessage(7, 3));
    cache.apply(newMessage(7, 4));
    cache.apply(newMessage(8, 5));
    expect(ids(await cache.messages(7, read))).toEqual([1, 2, 3, 4]);
    expect(reads).toBe(1);
  });

  it('hands out the messages everyone sees only while flags hide none of them', async () => {
    const cache = new ChatTranscriptCache();
    const withHidden = [...rows(1), { message: message(2, 'bob'), hidden: true }];
    expect((await cache.messages(7, async () => withHidden)).shownToAll).toBeNull();
    await cache.messages(8, async () => rows(1, 3));
    cache.apply(newMessage(8, 2));
    const clear = await cache.messages(8, async () => rows());
    expect(clear.shownToAll?.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('reads a chat again after a message in it was hidden or shown', async () => {
    const cache = new ChatTranscriptCache();
    let reads = 0;
    const read = async () => (reads++, rows(1));
    await cache.messages(7, read);
    cache.apply({ type: 'messageHidden', chatId: 7, messageId: 1, hidden: true });
    await cache.messages(7, read);
    expect(reads).toBe(2);
  });

  it('does not keep a read that an event of its chat overtook', async () => {
    const cache = new ChatTranscriptCache();
    let reads = 0;
    const first = await cache.messages(7, async () => {
      reads++;
      cache.apply(newMessage(7, 2));
      return rows(1);
    });
    expect(ids(first)).toEqual([1]);
    expect(ids(await cache.messages(7, async () => (reads++, rows(1, 2))))).toEqual([1, 2]);
    expect(reads).toBe(2);
  });

  it('keeps at most its bounds of messages and chats, the least recently read going first', async () => {
    const cache = new ChatTranscriptCache(() => {}, { rows: 5, chats: 2 });
    let reads = 0;
    const read =
      (...list: number[]) =>
      async () => (reads++, rows(...list));
    await cache.messages(1, read(1, 2));
    await cache.messages(2, read(3, 4));
    await cache.messages(1, read(1, 2)); // chat 1 is now the most recent
    await cache.messages(3, read(5)); // three chats: chat 2 goes
    expect(reads).toBe(3);
    await cache.messages(1, read(1, 2));
    expect(reads).toBe(3);
    await cache.messages(2, read(3, 4));
    expect(reads).toBe(4);
    await cache.messages(9, read(1, 2, 3, 4, 5, 6)); // longer than all may hold: never kept
    await cache.messages(9, read(1, 2, 3, 4, 5, 6));
    expect(reads).toBe(6);
  });
});
