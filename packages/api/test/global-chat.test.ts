import { databaseKind, dialect } from '@app/db';
import { authMessages, MESSAGE_MAX, messagingMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { globalPageStatement } from '../src/domains/messaging/global-chat';
import { createTestWorld } from './helpers';
import { expectError, insertGlobalMessages, PLENTY } from './messaging-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

describe('global chat: message.send', () => {
  it('posts a message as the signed-in user, at the server’s time, and hands back its event', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const sent = await alice.api.message.send({ msg: '  Hello, room!  ' });
    expect(sent.message).toEqual({
      id: expect.any(Number),
      msg: 'Hello, room!',
      msgFrom: 'alice',
      msgDateTime: clock.now(),
    });
    expect(sent.event).toEqual({
      id: expect.any(String),
      payload: { type: 'newMessage', message: sent.message },
    });
  });

  it('ignores a sender or time in the input: the author is the session, the time the clock', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const input = { msg: 'hi', msgFrom: 'bob', msgDateTime: new Date(0) };
    const { message } = await alice.api.message.send(input as { msg: string });
    expect(message).toMatchObject({ msgFrom: 'alice', msgDateTime: clock.now() });
  });

  it("refuses an empty message: 'Message cannot be empty'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const msg of ['', '   ', '\n\t', '\u200B']) {
      await expectInvalid(alice.api.message.send({ msg }), messagingMessages.messageEmpty);
    }
    expect((await alice.api.message.list()).items).toEqual([]);
  });

  it('takes a message of 2,000 characters and refuses 2,001 (an emoji counts as one)', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const longest = '😀'.repeat(MESSAGE_MAX);
    expect((await alice.api.message.send({ msg: longest })).message.msg).toBe(longest);
    await expectInvalid(
      alice.api.message.send({ msg: 'x'.repeat(MESSAGE_MAX + 1) }),
      messagingMessages.messageTooLong,
    );
    await expectInvalid(
      alice.api.message.send({ msg: '😀'.repeat(MESSAGE_MAX + 1) }),
      messagingMessages.messageTooLong,
    );
    expect(messagingMessages.messageTooLong).toBe('Message cannot be more than 2000 characters');
  });

  it('is for signed-in users only', async () => {
    const world = await createTestWorld();
    const { api } = world.client();
    await expectError(api.message.send({ msg: 'hi' }), 'UNAUTHORIZED', authMessages.notSignedIn);
    await expectError(api.message.list(), 'UNAUTHORIZED', authMessages.notSignedIn);
    await expect(api.message.onMessage()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('global chat: message.list', () => {
  it('shows the history oldest first with each message’s sender and time', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const first = (await alice.api.message.send({ msg: 'first' })).message;
    clock.tick();
    const second = (await bob.api.message.send({ msg: 'second' })).message;
    const page = await bob.api.message.list();
    expect(page).toEqual({ items: [first, second], nextCursor: null });
    expect(page.items.map((m) => m.msgFrom)).toEqual(['alice', 'bob']);
  });

  it('opens on the latest 50 messages, and older ones come a page at a time via the cursor', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const ids = await insertGlobalMessages(world, 'alice', 120);
    const latest = await alice.api.message.list();
    expect(latest.items.map((m) => m.id)).toEqual(ids.slice(70));
    expect(latest.nextCursor).toBe(String(ids[70]));
    const older = await alice.api.message.list({ cursor: latest.nextCursor });
    expect(older.items.map((m) => m.id)).toEqual(ids.slice(20, 70));
    const oldest = await alice.api.message.list({ cursor: older.nextCursor });
    expect(oldest.items.map((m) => m.id)).toEqual(ids.slice(0, 20));
    expect(oldest.nextCursor).toBeNull();
  });

  it('pages neither repeat nor skip a message when new ones arrive in between', async () => {
    const world = await createTestWorld({ limits: PLENTY });
    const alice = await world.signedIn('alice');
    const ids = await insertGlobalMessages(world, 'alice', 60);
    const latest = await alice.api.message.list({ limit: 50 });
    for (let i = 0; i < 5; i++) await alice.api.message.send({ msg: `late ${i}` });
    const older = await alice.api.message.list({ cursor: latest.nextCursor });
    const seen = [...older.items, ...latest.items].map((m) => m.id);
    expect(seen).toEqual(ids);
  });

  it("refuses a cursor it never gave: 'Invalid cursor'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const cursor of ['abc', '-1', '0', '1.5', '1e3', '9'.repeat(40)]) {
      await expectInvalid(alice.api.message.list({ cursor }), messagingMessages.invalidCursor);
    }
  });

  // SQLite's query planner; PostgreSQL's plans are its own.
  it.runIf(databaseKind === 'sqlite')(
    'stays fast with 100,000 messages: a page is a walk down the primary key, never a sort',
    async () => {
      const world = await createTestWorld();
      const alice = await world.signedIn('alice');
      await insertGlobalMessages(world, 'alice', 100_000);
      const page = await alice.api.message.list({ cursor: '50001' });
      expect(page.items.map((m) => m.id)).toEqual(Array.from({ length: 50 }, (_, i) => 49_951 + i));
      const { sql } = globalPageStatement(world.db).getQuery();
      const plan = (await dialect.explainQueryPlan(world.db, sql, [50_001, 51])).join('\n');
      expect(plan).toMatch(/SEARCH global_messages USING INTEGER PRIMARY KEY \(rowid<\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    },
  );
});

describe('global chat: message.onMessage', () => {
  it('delivers a new global message live to every signed-in listener', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const live = new AbortController();
    const bobsEvents = await world.readEvents(bob.listen(live.signal).message.onMessage());
    const sent = await alice.api.message.send({ msg: 'hello bob' });
    expect(await bobsEvents.next()).toEqual({ id: sent.event?.id, data: sent.event?.payload });
    live.abort();
  });

  it('a client that reconnects receives the messages it missed, in order, once', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const seen = (await alice.api.message.send({ msg: 'seen' })).event;
    const missed1 = (await alice.api.message.send({ msg: 'missed 1' })).event;
    const missed2 = (await alice.api.message.send({ msg: 'missed 2' })).event;
    const live = new AbortController();
    const events = await world.readEvents(
      bob.listen(live.signal).message.onMessage({ lastEventId: seen?.id }),
    );
    const after = (await alice.api.message.send({ msg: 'live' })).event;
    expect((await events.take(3)).map((e) => e.id)).toEqual([missed1?.id, missed2?.id, after?.id]);
    live.abort();
  });
});
