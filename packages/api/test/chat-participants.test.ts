import { messagingMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { chatWith, entryOf, expectError, people } from './messaging-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

useClock();

describe('chat.addParticipant: newParticipant', () => {
  it('a participant adds another user; the event carries the full participant list', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    const result = await alice.api.chat.addParticipant({ chatId, username: 'carol' });
    expect(result).toEqual({
      participants: ['alice', 'bob', 'carol'],
      event: {
        id: expect.any(String),
        payload: {
          type: 'newParticipant',
          chatId,
          username: 'carol',
          participants: ['alice', 'bob', 'carol'],
        },
      },
    });
  });

  it('the added user sees the chat in their list and its whole history', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'before carol' });
    await bob.api.chat.send({ chatId, msg: 'still before' });
    await bob.api.chat.addParticipant({ chatId, username: 'carol' });
    expect(await entryOf(carol, chatId)).toMatchObject({
      participants: ['alice', 'bob', 'carol'],
      lastMessage: { msg: 'still before' },
    });
    expect((await carol.api.chat.messages({ chatId })).items.map((m) => m.msg)).toEqual([
      'before carol',
      'still before',
    ]);
    await carol.api.chat.send({ chatId, msg: 'hi all' });
  });

  it('refuses a user already in the chat: CONFLICT', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    for (const username of ['bob', 'BOB', 'alice']) {
      await expectError(
        alice.api.chat.addParticipant({ chatId, username }),
        'CONFLICT',
        messagingMessages.alreadyParticipant,
      );
    }
  });

  it("refuses a user who does not exist: NOT_FOUND 'User not found'", async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await expectError(
      alice.api.chat.addParticipant({ chatId, username: 'ghost' }),
      'NOT_FOUND',
      messagingMessages.userNotFound,
    );
  });

  it("refuses to add nobody: 'Please select a user to chat with'", async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await expectInvalid(
      alice.api.chat.addParticipant({ chatId, username: ' ' }),
      messagingMessages.selectUser,
    );
  });

  it('a chat of three is nobody’s one-to-one chat: creating one between two of them starts a new chat', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob', 'carol');
    const group = await chatWith(alice, 'bob');
    await alice.api.chat.addParticipant({ chatId: group, username: 'carol' });
    const direct = await bob.api.chat.create({ username: 'alice' });
    expect(direct.created).toBe(true);
    expect(direct.chat.id).not.toBe(group);
    expect((await alice.api.chat.create({ username: 'bob' })).chat.id).toBe(direct.chat.id);
  });
});
