import { authMessages, messagingMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { chatWith, expectError, people } from './messaging-fixtures';
import { useClock } from './question-fixtures';

useClock();

/** alice and bob share a chat with one message; carol is signed in but not in it. */
async function privateChat() {
  const world = await createTestWorld();
  const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
  const chatId = await chatWith(alice, 'bob');
  await alice.api.chat.send({ chatId, msg: 'just between us' });
  return { world, alice, bob, carol, chatId };
}

const forbidden = (call: Promise<unknown>) =>
  expectError(call, 'FORBIDDEN', messagingMessages.notParticipant);

describe('only participants can touch a chat', () => {
  it('a participant reads, posts, adds people and marks read', async () => {
    const { bob, chatId } = await privateChat();
    expect((await bob.api.chat.byId({ chatId })).participants).toEqual(['alice', 'bob']);
    expect((await bob.api.chat.messages({ chatId })).items).toHaveLength(1);
    await bob.api.chat.send({ chatId, msg: 'reply' });
    await bob.api.chat.addParticipant({ chatId, username: 'carol' });
    expect((await bob.api.chat.markRead({ chatId })).lastReadId).toBeGreaterThan(0);
  });

  it('a non-participant cannot read a chat: byId is FORBIDDEN with the sentence, no content', async () => {
    const { carol, chatId } = await privateChat();
    await forbidden(carol.api.chat.byId({ chatId }));
  });

  it('a non-participant cannot list a chat’s messages', async () => {
    const { carol, chatId } = await privateChat();
    await forbidden(carol.api.chat.messages({ chatId }));
    await forbidden(carol.api.chat.messages({ chatId, cursor: '999' }));
  });

  it('a non-participant cannot post in a chat, and nothing is written', async () => {
    const { alice, carol, chatId } = await privateChat();
    await forbidden(carol.api.chat.send({ chatId, msg: 'let me in' }));
    expect((await alice.api.chat.messages({ chatId })).items.map((m) => m.msg)).toEqual([
      'just between us',
    ]);
  });

  it('a non-participant cannot add people to a chat, not even themselves', async () => {
    const { alice, carol, chatId } = await privateChat();
    await forbidden(carol.api.chat.addParticipant({ chatId, username: 'carol' }));
    await forbidden(carol.api.chat.addParticipant({ chatId, username: 'alice' }));
    expect((await alice.api.chat.byId({ chatId })).participants).toEqual(['alice', 'bob']);
  });

  it('a non-participant cannot mark a chat read', async () => {
    const { carol, chatId } = await privateChat();
    await forbidden(carol.api.chat.markRead({ chatId }));
  });

  it("an unknown chat is NOT_FOUND 'Chat not found' for every procedure", async () => {
    const { alice, chatId } = await privateChat();
    const missing = chatId + 100;
    const notFound = (call: Promise<unknown>) =>
      expectError(call, 'NOT_FOUND', messagingMessages.chatNotFound);
    await notFound(alice.api.chat.byId({ chatId: missing }));
    await notFound(alice.api.chat.messages({ chatId: missing }));
    await notFound(alice.api.chat.send({ chatId: missing, msg: 'hello?' }));
    await notFound(alice.api.chat.addParticipant({ chatId: missing, username: 'bob' }));
    await notFound(alice.api.chat.markRead({ chatId: missing }));
  });

  it('signed out: every chat and message procedure is UNAUTHORIZED, subscriptions too', async () => {
    const { world, chatId } = await privateChat();
    const { api } = world.client();
    const calls = [
      api.chat.list(),
      api.chat.byId({ chatId }),
      api.chat.messages({ chatId }),
      api.chat.create({ username: 'alice' }),
      api.chat.send({ chatId, msg: 'hi' }),
      api.chat.addParticipant({ chatId, username: 'alice' }),
      api.chat.markRead({ chatId }),
      api.chat.onChatEvent(),
      api.chat.onInbox(),
      api.message.list(),
      api.message.send({ msg: 'hi' }),
      api.message.onMessage(),
    ];
    for (const call of calls) {
      await expectError(call, 'UNAUTHORIZED', authMessages.notSignedIn);
    }
  });

  it('a session ended by logging out can no longer read or post in its chats', async () => {
    const { world, alice, chatId } = await privateChat();
    const copied = world.client({ sessionId: alice.session.sessionId });
    await alice.api.auth.logout();
    await expectError(
      copied.api.chat.messages({ chatId }),
      'UNAUTHORIZED',
      authMessages.sessionEnded,
    );
    await expectError(
      copied.api.chat.send({ chatId, msg: 'still here?' }),
      'UNAUTHORIZED',
      authMessages.sessionEnded,
    );
  });
});
