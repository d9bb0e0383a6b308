import { databaseKind, dialect } from '@app/db';
import { MESSAGE_MAX, messagingMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { chatPageStatement } from '../src/domains/messaging/chat-messages';
import { createTestWorld } from './helpers';
import { chatWith, people, PLENTY } from './messaging-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

describe('chat.send', () => {
  it('posts in the chat as the sender, at the server’s time, and publishes newMessage', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    clock.tick();
    const sent = await alice.api.chat.send({ chatId, msg: ' Hi Bob \r\nHow are you? ' });
    const message = {
      id: expect.any(Number),
      msg: 'Hi Bob \nHow are you?',
      msgFrom: 'alice',
      msgDateTime: clock.now(),
    };
    expect(sent).toEqual({
      message,
      event: {
        id: expect.any(String),
        payload: { type: 'newMessage', chatId, message, lastActivityAt: clock.now() },
      },
    });
  });

  it("refuses a blank direct message: 'Message cannot be empty'", async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    for (const msg of ['', '  ', '\u200B\n']) {
      await expectInvalid(alice.api.chat.send({ chatId, msg }), messagingMessages.messageEmpty);
    }
    expect((await alice.api.chat.messages({ chatId })).items).toEqual([]);
  });

  it('refuses a direct message over 2,000 characters', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    await expectInvalid(
      alice.api.chat.send({ chatId, msg: '😀'.repeat(MESSAGE_MAX + 1) }),
      messagingMessages.messageTooLong,
    );
    const { message } = await alice.api.chat.send({ chatId, msg: '😀'.repeat(MESSAGE_MAX) });
    expect([...message.msg]).toHaveLength(MESSAGE_MAX);
  });

  it("refuses a message with no chat selected or a malformed chat id: 'Invalid chat ID'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const chatId of [undefined, null, 0, -3, 2.5, 'abc']) {
      await expectInvalid(
        alice.api.chat.send({ chatId, msg: 'hello' } as unknown as { chatId: number; msg: string }),
        messagingMessages.invalidChatId,
      );
    }
  });
});

describe('chat.messages', () => {
  it('shows a chat’s messages oldest first, with sender and time', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const first = (await alice.api.chat.send({ chatId, msg: 'one' })).message;
    clock.tick();
    const second = (await bob.api.chat.send({ chatId, msg: 'two' })).message;
    expect(await bob.api.chat.messages({ chatId })).toEqual({
      items: [first, second],
      nextCursor: null,
    });
  });

  it('opens on the latest 50 and pages back through older ones with no overlap or gap', async () => {
    const world = await createTestWorld({ limits: PLENTY });
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) {
      const sender = i % 2 ? bob : alice;
      ids.push((await sender.api.chat.send({ chatId, msg: `m${i}` })).message.id);
    }
    const pages = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: number }[]; nextCursor: string | null } =
        await alice.api.chat.messages({ chatId, cursor });
      pages.push(page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    expect(pages.reverse().flat()).toEqual(ids);
  });

  it('keeps each chat’s messages to itself', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob', 'carol');
    const withBob = await chatWith(alice, 'bob');
    const withCarol = await chatWith(alice, 'carol');
    await alice.api.chat.send({ chatId: withBob, msg: 'for bob' });
    await alice.api.chat.send({ chatId: withCarol, msg: 'for carol' });
    const page = await alice.api.chat.messages({ chatId: withCarol });
    expect(page.items.map((m) => m.msg)).toEqual(['for carol']);
  });

  it("refuses a cursor it never gave: 'Invalid cursor'", async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    for (const cursor of ['x', '-5', '00', ' 12', '1'.repeat(17)]) {
      await expectInvalid(
        alice.api.chat.messages({ chatId, cursor }),
        messagingMessages.invalidCursor,
      );
    }
  });

  // SQLite's query planner; PostgreSQL's plans are its own.
  it.runIf(databaseKind === 'sqlite')(
    'reads a page down the chat’s message index, however long the chat',
    async () => {
      const world = await createTestWorld();
      const { sql } = chatPageStatement(world.db).getQuery();
      const plan = (await dialect.explainQueryPlan(world.db, sql, [1, 1000, 51])).join('\n');
      expect(plan).toMatch(
        /SEARCH chat_messages USING INDEX chat_messages_chat \(chat_id=\? AND id<\?\)/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
    },
  );
});
