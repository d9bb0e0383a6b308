import { messagingMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { chatWith, people } from './messaging-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

useClock();

// A send that timed out on the sender's side may have been posted after all: the device sends the
// same message again with the same key, and the server posts a key once.
const KEY = 'k3y-0f-0ne-m3ssage_AB';

describe('a message sent again with its key is posted once', () => {
  it('global chat: the second send answers with the first message and publishes nothing', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const first = await alice.api.message.send({ msg: 'Anyone here?', sendKey: KEY });
    const again = await alice.api.message.send({ msg: 'Anyone here?', sendKey: KEY });
    expect(again.message).toEqual(first.message);
    expect(again.event).toBeNull();
    const texts = (await alice.api.message.list()).items.map((m) => m.msg);
    expect(texts).toEqual(['Anyone here?']);
  });

  it('global chat: a new key, or no key, posts a new message', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await alice.api.message.send({ msg: 'ok', sendKey: KEY });
    await alice.api.message.send({ msg: 'ok', sendKey: `${KEY}2` });
    await alice.api.message.send({ msg: 'ok' });
    await alice.api.message.send({ msg: 'ok' });
    expect((await alice.api.message.list()).items).toHaveLength(4);
  });

  it('global chat: a key is its sender’s own; another person’s same key posts theirs', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    await alice.api.message.send({ msg: 'from alice', sendKey: KEY });
    const bobs = await bob.api.message.send({ msg: 'from bob', sendKey: KEY });
    expect(bobs.message.msgFrom).toBe('bob');
    expect(bobs.event).not.toBeNull();
    expect((await bob.api.message.list()).items.map((m) => m.msg)).toEqual([
      'from alice',
      'from bob',
    ]);
  });

  it('direct chat: the second send answers with the first message; the other person has one', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const first = await alice.api.chat.send({ chatId, msg: 'Hi Bob', sendKey: KEY });
    const again = await alice.api.chat.send({ chatId, msg: 'Hi Bob', sendKey: KEY });
    expect(again.message).toEqual(first.message);
    expect(again.event).toBeNull();
    expect((await bob.api.chat.messages({ chatId })).items.map((m) => m.msg)).toEqual(['Hi Bob']);
    expect((await bob.api.chat.list()).find((c) => c.id === chatId)?.unread).toBe(1);
  });

  it('direct chat: a key already used in another chat is refused (a key names one message)', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob', 'carol');
    const withBob = await chatWith(alice, 'bob');
    const withCarol = await chatWith(alice, 'carol');
    await alice.api.chat.send({ chatId: withBob, msg: 'Hello', sendKey: KEY });
    await expect(
      alice.api.chat.send({ chatId: withCarol, msg: 'Hello', sendKey: KEY }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: messagingMessages.sentAlready });
  });

  it('refuses a key that is not 16–64 letters, digits, - or _', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const sendKey of ['short', 'x'.repeat(65), 'has spaces in it!!', ''])
      await expectInvalid(
        alice.api.message.send({ msg: 'hi', sendKey }),
        messagingMessages.invalidSendKey,
      );
  });
});
