import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { chatWith, people } from './messaging-fixtures';
import { ask, useClock } from './question-fixtures';

useClock();

async function setup() {
  const world = await createTestWorld();
  return { world, ...(await people(world, 'alice', 'bob', 'carol')) };
}

// A notification is marked read when its owner opens what it points to: the question page for
// answers, comments, acceptances and mentions (the chat for messages: chat.markRead).
describe('notification.questionSeen: opening the question a notification points to', () => {
  it('reads every notification that points into that question, and publishes the new count once', async () => {
    const { world, alice, bob, carol } = await setup();
    const q = await ask(alice);
    const other = await ask(alice, { title: 'Another question about arrays and keys' });
    await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    await carol.api.comment.create({ type: 'question', id: q.id, text: 'A comment.' });
    await bob.api.answer.create({ qid: other.id, text: 'Elsewhere.' });
    expect(await alice.api.notification.unreadCount()).toBe(3);

    const live = new AbortController();
    const events = await world.readEvents(alice.listen(live.signal).notification.onChange());
    const opened = await alice.api.notification.questionSeen({ qid: q.id });
    expect(opened.unreadCount).toBe(1);
    const event = await events.next();
    expect(event.data).toMatchObject({ type: 'read', unreadCount: 1 });
    expect(event.data).toMatchObject({ ids: expect.arrayContaining([expect.any(Number)]) });
    expect((event.data as { ids: number[] }).ids).toHaveLength(2);
    live.abort();

    const { items } = await alice.api.notification.list({});
    expect(items.map((n) => [n.place.type === 'question' && n.place.qid, n.read])).toEqual([
      [other.id, false],
      [q.id, true],
      [q.id, true],
    ]);
  });

  it('changes nothing and publishes nothing when none of them is unread (opening a page is a read)', async () => {
    const { alice, bob } = await setup();
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    await alice.api.notification.questionSeen({ qid: q.id });
    const again = await alice.api.notification.questionSeen({ qid: q.id });
    expect(again).toEqual({ unreadCount: 0, event: null });
    const untouched = await alice.api.notification.questionSeen({ qid: 999_999 });
    expect(untouched).toEqual({ unreadCount: 0, event: null });
    const { items } = await alice.api.notification.list({});
    expect(items.every((n) => n.read)).toBe(true);
  });

  it("reads only the viewer's own: another person opening the question leaves them unread", async () => {
    const { alice, bob, carol } = await setup();
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    await carol.api.notification.questionSeen({ qid: q.id });
    expect(await alice.api.notification.unreadCount()).toBe(1);
  });

  it('leaves direct-message notifications to the chat', async () => {
    const { alice, bob } = await setup();
    const chatId = await chatWith(bob, 'alice');
    await bob.api.chat.send({ chatId, msg: 'hello' });
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    expect(await alice.api.notification.questionSeen({ qid: q.id })).toMatchObject({
      unreadCount: 1,
    });
    const [message] = (await alice.api.notification.list({})).items.filter(
      (n) => n.kind === 'message',
    );
    expect(message?.read).toBe(false);
  });

  it('refuses when signed out', async () => {
    const { world } = await setup();
    await expect(world.client().api.notification.questionSeen({ qid: 1 })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('notification.unreadPosts: the tab title’s share of the bell', () => {
  it('counts unread notifications about posts, not those of direct messages (counted as unread messages)', async () => {
    const { alice, bob } = await setup();
    const chatId = await chatWith(bob, 'alice');
    await bob.api.chat.send({ chatId, msg: 'hello' });
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    expect(await alice.api.notification.unreadCount()).toBe(2);
    expect(await alice.api.notification.unreadPosts()).toBe(1);
    await alice.api.notification.questionSeen({ qid: q.id });
    expect(await alice.api.notification.unreadPosts()).toBe(0);
  });
});
