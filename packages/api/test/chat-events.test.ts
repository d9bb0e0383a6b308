import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { chatWith, people } from './messaging-fixtures';
import { useClock } from './question-fixtures';

useClock();

describe('chat.onChatEvent: live', () => {
  it('a new chat that includes me reaches me live as created; nobody else hears of it', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const live = new AbortController();
    const bobs = await world.readEvents(bob.listen(live.signal).chat.onChatEvent());
    const carols = await world.readEvents(carol.listen(live.signal).chat.onChatEvent());
    const withBob = await alice.api.chat.create({ username: 'bob' });
    const withCarol = await alice.api.chat.create({ username: 'carol' });
    expect(await bobs.next()).toEqual({ id: withBob.event?.id, data: withBob.event?.payload });
    // carol's first event is her own chat: alice and bob's never reached her.
    expect(await carols.next()).toEqual({
      id: withCarol.event?.id,
      data: withCarol.event?.payload,
    });
    live.abort();
  });

  it('a new message reaches every participant’s open browsers, and no one else', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    const carolsChat = await chatWith(carol, 'alice');
    const aliceOtherTab = world.client({ sessionId: alice.session.sessionId });
    const live = new AbortController();
    const streams = await Promise.all(
      [bob, aliceOtherTab, carol].map((c) =>
        world.readEvents(c.listen(live.signal).chat.onChatEvent()),
      ),
    );
    const sent = await alice.api.chat.send({ chatId, msg: 'hello bob' });
    const expected = { id: sent.event?.id, data: sent.event?.payload };
    expect(await streams[0]!.next()).toEqual(expected);
    expect(await streams[1]!.next()).toEqual(expected);
    const toCarol = await alice.api.chat.send({ chatId: carolsChat, msg: 'hello carol' });
    expect(await streams[2]!.next()).toMatchObject({ id: toCarol.event?.id });
    live.abort();
  });

  it('everyone in the chat, and the added user, receive newParticipant', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    const live = new AbortController();
    const streams = await Promise.all(
      [alice, bob, carol].map((c) => world.readEvents(c.listen(live.signal).chat.onChatEvent())),
    );
    const added = await bob.api.chat.addParticipant({ chatId, username: 'carol' });
    for (const stream of streams) {
      expect(await stream.next()).toEqual({ id: added.event?.id, data: added.event?.payload });
    }
    live.abort();
  });

  it('a user added later receives the chat’s events from their newParticipant on', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    const live = new AbortController();
    const carols = await world.readEvents(carol.listen(live.signal).chat.onChatEvent());
    await alice.api.chat.send({ chatId, msg: 'before carol' });
    const added = await alice.api.chat.addParticipant({ chatId, username: 'carol' });
    const after = await bob.api.chat.send({ chatId, msg: 'welcome carol' });
    expect((await carols.take(2)).map((e) => e.id)).toEqual([added.event?.id, after.event?.id]);
    live.abort();
  });
});

describe('chat.onChatEvent: replay after a reconnect', () => {
  it('a participant who reconnects receives the events they missed, in order, once', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const created = await alice.api.chat.create({ username: 'bob' });
    const chatId = created.chat.id;
    const missed = [
      (await alice.api.chat.send({ chatId, msg: 'one' })).event,
      (await alice.api.chat.send({ chatId, msg: 'two' })).event,
    ];
    const live = new AbortController();
    const bobs = await world.readEvents(
      bob.listen(live.signal).chat.onChatEvent({ lastEventId: created.event?.id }),
    );
    const later = (await alice.api.chat.send({ chatId, msg: 'three' })).event;
    expect(await bobs.take(3)).toEqual(
      [...missed, later].map((e) => ({ id: e?.id, data: e?.payload })),
    );
    live.abort();
  });

  it('events of a chat the viewer is not in are never replayed', async () => {
    const world = await createTestWorld();
    const { alice, carol } = await people(world, 'alice', 'bob', 'carol', 'dave');
    const start = await world.publish('user', 'x', {
      type: 'updated',
      user: { username: 'x', biography: '', dateJoined: new Date(0), reputation: 1 },
    });
    const secret = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId: secret, msg: 'secret 1' });
    const own = await carol.api.chat.create({ username: 'dave' });
    await alice.api.chat.send({ chatId: secret, msg: 'secret 2' });
    const live = new AbortController();
    const carols = await world.readEvents(
      carol.listen(live.signal).chat.onChatEvent({ lastEventId: start.id }),
    );
    // The replay holds only carol's own chat; the next thing she hears is live, in her chat.
    const ownMessage = await carol.api.chat.send({ chatId: own.chat.id, msg: 'hi dave' });
    expect((await carols.take(2)).map((e) => e.id)).toEqual([own.event?.id, ownMessage.event?.id]);
    live.abort();
  });

  it('a user added later is replayed the chat from their newParticipant on, not before', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol', 'dave');
    const start = await world.publish('user', 'x', {
      type: 'updated',
      user: { username: 'x', biography: '', dateJoined: new Date(0), reputation: 1 },
    });
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'before anyone' });
    const daveJoined = await alice.api.chat.addParticipant({ chatId, username: 'dave' });
    await bob.api.chat.send({ chatId, msg: 'before carol' });
    const carolJoined = await bob.api.chat.addParticipant({ chatId, username: 'carol' });
    const welcome = await alice.api.chat.send({ chatId, msg: 'welcome carol' });

    const live = new AbortController();
    const carols = await world.readEvents(
      carol.listen(live.signal).chat.onChatEvent({ lastEventId: start.id }),
    );
    const dave = world.client();
    await dave.api.auth.login({ username: 'dave', password: 'password123' });
    const daves = await world.readEvents(
      dave.listen(live.signal).chat.onChatEvent({ lastEventId: start.id }),
    );
    const last = await carol.api.chat.send({ chatId, msg: 'thanks' });
    expect((await carols.take(3)).map((e) => e.id)).toEqual([
      carolJoined.event?.id,
      welcome.event?.id,
      last.event?.id,
    ]);
    expect((await daves.take(5)).map((e) => e.id)).toEqual([
      daveJoined.event?.id,
      expect.any(String),
      carolJoined.event?.id,
      welcome.event?.id,
      last.event?.id,
    ]);
    live.abort();
  });
});

describe('chat.onInbox', () => {
  it('opening a chat on one device tells my other devices its new read position, and no one else', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const { message } = await bob.api.chat.send({ chatId, msg: 'ping' });
    const phone = world.client();
    await phone.api.auth.login({ username: 'alice', password: 'password123' });
    const live = new AbortController();
    const phones = await world.readEvents(phone.listen(live.signal).chat.onInbox());
    const bobs = await world.readEvents(bob.listen(live.signal).chat.onInbox());
    const read = await alice.api.chat.markRead({ chatId });
    expect(read.event?.payload).toEqual({ type: 'read', chatId, lastReadId: message.id });
    expect(await phones.next()).toEqual({ id: read.event?.id, data: read.event?.payload });
    await alice.api.chat.send({ chatId, msg: 'pong' });
    // bob's first inbox event is his own read, not alice's.
    const bobsRead = await bob.api.chat.markRead({ chatId });
    expect(await bobs.next()).toMatchObject({ id: bobsRead.event?.id });
    live.abort();
  });
});
