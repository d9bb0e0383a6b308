import { describe, expect, it } from 'vitest';
import { createTestWorld, TEST_PASSWORD } from './helpers';
import { chatWith, entryOf, people } from './messaging-fixtures';
import { useClock } from './question-fixtures';

useClock();

describe('unread counts', () => {
  it('a new chat has nothing unread for either side', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    expect((await entryOf(alice, chatId))?.unread).toBe(0);
    expect((await entryOf(bob, chatId))?.unread).toBe(0);
  });

  it('grow with messages from others, not with my own', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'one' });
    await alice.api.chat.send({ chatId, msg: 'two' });
    expect((await entryOf(bob, chatId))?.unread).toBe(2);
    expect((await entryOf(alice, chatId))?.unread).toBe(0);
  });

  it('opening a chat marks it read: its count goes back to 0 until the next message', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'one' });
    const { message } = await alice.api.chat.send({ chatId, msg: 'two' });
    const read = await bob.api.chat.markRead({ chatId });
    expect(read).toMatchObject({ chatId, lastReadId: message.id });
    expect((await entryOf(bob, chatId))?.unread).toBe(0);
    await alice.api.chat.send({ chatId, msg: 'three' });
    expect((await entryOf(bob, chatId))?.unread).toBe(1);
  });

  it('marking a chat read again with nothing new publishes nothing', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const { message } = await alice.api.chat.send({ chatId, msg: 'one' });
    expect((await bob.api.chat.markRead({ chatId })).event).not.toBeNull();
    expect(await bob.api.chat.markRead({ chatId })).toEqual({
      chatId,
      lastReadId: message.id,
      event: null,
    });
  });

  it('are kept on the server: right after a reload and on a second device', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'one' });
    await alice.api.chat.send({ chatId, msg: 'two' });
    const laptop = world.client();
    await laptop.api.auth.login({ username: 'bob', password: TEST_PASSWORD });
    expect((await entryOf(laptop, chatId))?.unread).toBe(2);
    await bob.api.chat.markRead({ chatId });
    expect((await entryOf(laptop, chatId))?.unread).toBe(0);
  });

  it('replying marks the chat read for the sender: their own messages are never unread to them', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'question?' });
    await alice.api.chat.send({ chatId, msg: 'anyone?' });
    expect((await entryOf(bob, chatId))?.unread).toBe(2);
    await bob.api.chat.send({ chatId, msg: 'answer' });
    expect((await entryOf(bob, chatId))?.unread).toBe(0);
  });

  it('are counted per chat and per user', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const group = await chatWith(alice, 'bob');
    await alice.api.chat.addParticipant({ chatId: group, username: 'carol' });
    const direct = await chatWith(carol, 'bob');
    await alice.api.chat.send({ chatId: group, msg: 'hi both' });
    await carol.api.chat.send({ chatId: group, msg: 'hi alice' });
    await carol.api.chat.send({ chatId: direct, msg: 'psst bob' });
    expect((await bob.api.chat.list()).map((c) => [c.id, c.unread])).toEqual([
      [direct, 1],
      [group, 2],
    ]);
    expect((await entryOf(alice, group))?.unread).toBe(1);
    expect((await entryOf(carol, group))?.unread).toBe(0);
  });

  it('an added user has the history from others unread until they open the chat', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'one' });
    await bob.api.chat.send({ chatId, msg: 'two' });
    await bob.api.chat.addParticipant({ chatId, username: 'carol' });
    expect((await entryOf(carol, chatId))?.unread).toBe(2);
    await carol.api.chat.markRead({ chatId });
    expect((await entryOf(carol, chatId))?.unread).toBe(0);
  });
});
