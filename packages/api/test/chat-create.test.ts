import { chats, firstRow } from '@app/db';
import { limitMessages, messagingMessages } from '@app/validators';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { chatWith, expectError, people } from './messaging-fixtures';
import { messagesOf } from './support/error-messages';
import { expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

describe('chat.create: Create New Chat', () => {
  it('starts a one-to-one chat with the picked user, creator first, and publishes it as created', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const result = await alice.api.chat.create({ username: 'bob' });
    const chat = {
      id: expect.any(Number),
      participants: ['alice', 'bob'],
      createdAt: clock.now(),
    };
    expect(result).toEqual({
      chat: {
        ...chat,
        lastMessage: null,
        lastActivityAt: clock.now(),
        latestMessageId: 0,
        unread: 0,
      },
      created: true,
      event: {
        id: expect.any(String),
        payload: {
          type: 'created',
          chatId: result.chat.id,
          chat,
          lastActivityAt: clock.now(),
        },
      },
    });
  });

  it('creating a chat with someone I already have one with opens that chat instead of a duplicate', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const first = await alice.api.chat.create({ username: 'bob' });
    clock.tick();
    const again = await alice.api.chat.create({ username: 'bob' });
    expect(again).toEqual({ chat: first.chat, created: false, event: null });
    expect(await alice.api.chat.list()).toHaveLength(1);
  });

  it('opens the existing chat also when the other user is the one who creates it', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const mine = await alice.api.chat.create({ username: 'bob' });
    const theirs = await bob.api.chat.create({ username: 'alice' });
    expect(theirs.created).toBe(false);
    expect(theirs.chat.id).toBe(mine.chat.id);
    expect(await bob.api.chat.list()).toHaveLength(1);
  });

  it('two people creating their chat at the same moment get one chat', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const results = await Promise.all([
      alice.api.chat.create({ username: 'bob' }),
      bob.api.chat.create({ username: 'alice' }),
      alice.api.chat.create({ username: 'bob' }),
    ]);
    expect(new Set(results.map((r) => r.chat.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await world.db.select({ n: count() }).from(chats)).toEqual([{ n: 1 }]);
  });

  it('the database itself holds one one-to-one chat per pair of users', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    await chatWith(alice, 'bob');
    const chat = await firstRow(world.db.select({ pairKey: chats.pairKey }).from(chats));
    const refused = await world.db.$writer
      .transaction((tx) =>
        tx.insert(chats).values({ createdAt: new Date(), pairKey: chat?.pairKey }),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    // The database's own words, in either database.
    expect(messagesOf(refused)).toContainEqual(
      expect.stringMatching(
        /UNIQUE constraint failed: chats\.pair_key|duplicate key value violates unique constraint "chats_pair_key"/,
      ),
    );
  });

  it('a create with three or more people starts a new group chat of all of them, published as created', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob', 'carol');
    const direct = await chatWith(alice, 'bob');
    const group = await alice.api.chat.create({ username: 'bob', alsoWith: ['carol'] });
    expect(group.created).toBe(true);
    expect(group.chat.id).not.toBe(direct);
    expect(group.chat.participants).toEqual(['alice', 'bob', 'carol']);
    expect(group.event?.payload).toMatchObject({
      type: 'created',
      chatId: group.chat.id,
      chat: { participants: ['alice', 'bob', 'carol'] },
    });
  });

  it('the one-to-one chat never gains members through create: the third person cannot read its history', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const direct = await chatWith(alice, 'bob');
    await bob.api.chat.send({ chatId: direct, msg: 'just between us' });
    await alice.api.chat.create({ username: 'bob', alsoWith: ['carol'] });
    expect((await alice.api.chat.byId({ chatId: direct })).participants).toEqual(['alice', 'bob']);
    await expectError(
      carol.api.chat.messages({ chatId: direct }),
      'FORBIDDEN',
      messagingMessages.notParticipant,
    );
    expect((await carol.api.chat.list()).map((chat) => chat.id)).not.toContain(direct);
    // And it stays the pair's chat: creating it again opens it.
    expect(await chatWith(bob, 'alice')).toBe(direct);
  });

  it('a group create naming the same people twice, or only the one other person, is the one-to-one chat', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const direct = await chatWith(alice, 'bob');
    const again = await alice.api.chat.create({ username: 'bob', alsoWith: ['BOB', 'bob'] });
    expect(again).toMatchObject({ chat: { id: direct }, created: false });
  });

  it('everyone a group create adds besides the first person counts against adding people to chats', async () => {
    const world = await createTestWorld({
      limits: { chatParticipants: { max: 2, windowMs: 60_000 } },
    });
    const { alice } = await people(world, 'alice', 'bob', 'carol', 'dave', 'erin');
    await expectError(
      alice.api.chat.create({ username: 'bob', alsoWith: ['carol', 'dave', 'erin'] }),
      'TOO_MANY_REQUESTS',
      limitMessages.chatParticipants,
    );
    expect(await alice.api.chat.list()).toEqual([]);
    await alice.api.chat.create({ username: 'bob', alsoWith: ['carol', 'dave'] });
  });

  it('refuses a group with yourself or an unknown user in it, and creates nothing', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    await expectError(
      alice.api.chat.create({ username: 'bob', alsoWith: ['Alice'] }),
      'BAD_REQUEST',
      messagingMessages.chatWithYourself,
    );
    await expectError(
      alice.api.chat.create({ username: 'bob', alsoWith: ['nobody'] }),
      'NOT_FOUND',
      messagingMessages.userNotFound,
    );
    expect(await alice.api.chat.list()).toEqual([]);
  });

  it('matches the picked name ignoring case and shows it as registered', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'Bob');
    const { chat } = await alice.api.chat.create({ username: 'bOB' });
    expect(chat.participants).toEqual(['alice', 'Bob']);
  });

  it("refuses to create a chat without a selected user: 'Please select a user to chat with'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const username of ['', '   ']) {
      await expectInvalid(alice.api.chat.create({ username }), messagingMessages.selectUser);
    }
    await expectInvalid(
      alice.api.chat.create({} as { username: string }),
      messagingMessages.selectUser,
    );
    expect(await alice.api.chat.list()).toEqual([]);
  });

  it("refuses a user who does not exist: NOT_FOUND 'User not found'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await expectError(
      alice.api.chat.create({ username: 'nobody' }),
      'NOT_FOUND',
      messagingMessages.userNotFound,
    );
  });

  it('refuses a deleted account as if it did not exist', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    await bob.api.user.delete({ username: 'bob' });
    await expectError(
      alice.api.chat.create({ username: 'bob' }),
      'NOT_FOUND',
      messagingMessages.userNotFound,
    );
  });

  it('refuses a chat with yourself: BAD_REQUEST', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const username of ['alice', 'ALICE']) {
      await expectError(
        alice.api.chat.create({ username }),
        'BAD_REQUEST',
        messagingMessages.chatWithYourself,
      );
    }
  });
});

describe('chat.list: my chats', () => {
  it('shows only the caller’s own chats', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const aliceBob = await chatWith(alice, 'bob');
    const bobCarol = await chatWith(bob, 'carol');
    expect((await alice.api.chat.list()).map((c) => c.id)).toEqual([aliceBob]);
    expect((await carol.api.chat.list()).map((c) => c.id)).toEqual([bobCarol]);
    expect((await bob.api.chat.list()).map((c) => c.id).sort()).toEqual([aliceBob, bobCarol]);
  });

  it('lists the most recently active chat first: a new message moves its chat to the top', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob', 'carol', 'dave');
    const withBob = await chatWith(alice, 'bob');
    clock.tick();
    const withCarol = await chatWith(alice, 'carol');
    clock.tick();
    const withDave = await chatWith(alice, 'dave');
    expect((await alice.api.chat.list()).map((c) => c.id)).toEqual([withDave, withCarol, withBob]);
    clock.tick();
    await alice.api.chat.send({ chatId: withBob, msg: 'back to you' });
    expect((await alice.api.chat.list()).map((c) => c.id)).toEqual([withBob, withDave, withCarol]);
  });

  it('each chat carries its participants, last message, last activity and newest message id', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const created = clock.now();
    clock.tick();
    await alice.api.chat.send({ chatId, msg: 'first' });
    clock.tick();
    const { message } = await bob.api.chat.send({ chatId, msg: 'second' });
    expect(await alice.api.chat.list()).toEqual([
      {
        id: chatId,
        participants: ['alice', 'bob'],
        createdAt: created,
        lastMessage: message,
        lastActivityAt: message.msgDateTime,
        latestMessageId: message.id,
        unread: 1,
      },
    ]);
  });

  it('is empty for a user with no chats', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    expect(await alice.api.chat.list()).toEqual([]);
  });
});

describe('chat.byId', () => {
  it('shows a participant the chat’s participants, in the order they joined', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob', 'carol', 'aaron');
    const chatId = await chatWith(bob, 'alice');
    clock.tick();
    await alice.api.chat.addParticipant({ chatId, username: 'carol' });
    clock.tick();
    await bob.api.chat.addParticipant({ chatId, username: 'aaron' });
    expect(await alice.api.chat.byId({ chatId })).toEqual({
      id: chatId,
      participants: ['bob', 'alice', 'carol', 'aaron'],
      createdAt: new Date(clock.now().getTime() - 2 * 60_000),
    });
  });

  it("refuses an id that is not a chat id: 'Invalid chat ID'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const chatId of [0, -1, 1.5, Number.NaN, '1' as unknown as number, undefined]) {
      await expectInvalid(
        alice.api.chat.byId({ chatId } as { chatId: number }),
        messagingMessages.invalidChatId,
      );
    }
  });
});
