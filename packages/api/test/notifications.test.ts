import { notifications } from '@app/db';
import type { NotificationEvent } from '../src/domains/notifications/events';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient } from './helpers';
import { chatWith, expectError, people } from './messaging-fixtures';
import { ask, useClock } from './question-fixtures';

const clock = useClock();

/** The client's notifications, newest first, as kind / actor / place. */
async function notices(client: TestClient) {
  const { items } = await client.api.notification.list({});
  return items.map(({ kind, actor, place }) => ({ kind, actor, place }));
}

async function setup() {
  const world = await createTestWorld();
  return { world, ...(await people(world, 'alice', 'bob', 'carol', 'dave')) };
}

const onQuestion = (
  qid: number,
  answerId: number | null = null,
  commentId: number | null = null,
) => ({
  type: 'question',
  qid,
  title: 'How do I sort an array of objects by a key?',
  answerId,
  commentId,
});

describe('notifications: each kind reaches the right user, never the actor', () => {
  it('an answer to my question tells the asker, not the one who answered', async () => {
    const { alice, bob } = await setup();
    const q = await ask(alice);
    const { answer } = await bob.api.answer.create({
      qid: q.id,
      text: 'Use **sort** with a `snake_case` key, _please_.',
    });
    expect(await notices(alice)).toEqual([
      { kind: 'answer', actor: 'bob', place: onQuestion(q.id, answer.id) },
    ]);
    expect(await notices(bob)).toEqual([]);
    // Answering one's own question tells nobody.
    await alice.api.answer.create({ qid: q.id, text: 'Answering myself.' });
    expect(await alice.api.notification.unreadCount()).toBe(1);
    const [item] = (await alice.api.notification.list({})).items;
    expect(item).toMatchObject({ read: false, excerpt: 'Use sort with a snake_case key, please.' });
  });

  it('a comment on my post tells its author: the asker for the question, the answerer for an answer', async () => {
    const { alice, bob, carol } = await setup();
    const q = await ask(alice);
    const { answer } = await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    const onQ = await carol.api.comment.create({ type: 'question', id: q.id, text: 'Which key?' });
    const onA = await carol.api.comment.create({ type: 'answer', id: answer.id, text: 'Nice.' });
    expect(await notices(alice)).toEqual([
      { kind: 'comment', actor: 'carol', place: onQuestion(q.id, null, onQ.comment.id) },
      { kind: 'answer', actor: 'bob', place: onQuestion(q.id, answer.id) },
    ]);
    expect(await notices(bob)).toEqual([
      { kind: 'comment', actor: 'carol', place: onQuestion(q.id, answer.id, onA.comment.id) },
    ]);
    // Commenting on one's own post tells nobody.
    await bob.api.comment.create({ type: 'answer', id: answer.id, text: 'Thanks.' });
    expect(await notices(carol)).toEqual([]);
    expect(await alice.api.notification.unreadCount()).toBe(2);
    expect(await bob.api.notification.unreadCount()).toBe(1);
  });

  it('an accepted answer of mine tells its author, once per answer; nobody when the asker accepts their own', async () => {
    const { alice, bob } = await setup();
    const q = await ask(alice);
    const { answer } = await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    const own = (await alice.api.answer.create({ qid: q.id, text: 'Mine.' })).answer;
    await alice.api.answer.accept({ answerId: answer.id });
    expect(await notices(bob)).toEqual([
      { kind: 'accepted', actor: 'alice', place: onQuestion(q.id, answer.id) },
    ]);
    // Taking it back, accepting another and this one again does not tell bob twice.
    await alice.api.answer.unaccept({ answerId: answer.id });
    await alice.api.answer.accept({ answerId: own.id });
    await alice.api.answer.accept({ answerId: answer.id });
    expect(await bob.api.notification.unreadCount()).toBe(1);
    expect((await notices(alice)).map((n) => n.kind)).toEqual(['answer']);
  });

  it('a new direct message tells the other participants, not the sender; the global chat tells nobody', async () => {
    const { alice, bob, carol } = await setup();
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.addParticipant({ chatId, username: 'carol' });
    await alice.api.chat.send({ chatId, msg: 'Hello **both** of you' });
    await alice.api.message.send({ msg: 'Hello everyone' });
    for (const client of [bob, carol]) {
      expect(await notices(client)).toEqual([
        { kind: 'message', actor: 'alice', place: { type: 'chat', chatId } },
      ]);
    }
    expect((await bob.api.notification.list({})).items[0]?.excerpt).toBe('Hello both of you');
    expect(await notices(alice)).toEqual([]);
  });

  it('reading the chat reads its message notifications (on the bell too)', async () => {
    const { world, alice, bob } = await setup();
    const chatId = await chatWith(alice, 'bob');
    await alice.api.chat.send({ chatId, msg: 'one' });
    await alice.api.chat.send({ chatId, msg: 'two' });
    const q = await ask(bob);
    await alice.api.answer.create({ qid: q.id, text: 'An answer.' });
    expect(await bob.api.notification.unreadCount()).toBe(3);
    const live = new AbortController();
    const bobs = await world.readEvents(bob.listen(live.signal).notification.onChange());
    await bob.api.chat.markRead({ chatId });
    expect((await bobs.next()).data).toMatchObject({ type: 'read', unreadCount: 1 });
    expect(await bob.api.notification.unreadCount()).toBe(1);
    live.abort();
  });
});

describe('notifications: a mention of my @username in a post or comment', () => {
  it('tells existing users it mentions, once per post, never the author, and not inside code', async () => {
    const { alice, bob, carol, dave } = await setup();
    const q = await ask(alice, {
      text: 'Asking @bob and @BOB again, @nobody, myself @alice, mail me at x@carol.com.\n\n```js\n@carol\n```\nand `@dave` too.',
    });
    expect(await notices(bob)).toEqual([
      { kind: 'mention', actor: 'alice', place: onQuestion(q.id) },
    ]);
    for (const client of [alice, carol, dave]) expect(await notices(client)).toEqual([]);

    // An edit that mentions bob again tells him nothing new; carol, newly mentioned, hears of it.
    clock.tick();
    await alice.api.question.update({
      qid: q.id,
      title: q.title,
      text: 'Asking @bob and, thanks to an edit, @carol.',
      tags: ['javascript'],
    });
    expect(await bob.api.notification.unreadCount()).toBe(1);
    expect(await notices(carol)).toEqual([
      { kind: 'mention', actor: 'alice', place: onQuestion(q.id) },
    ]);
  });

  it('in an answer or a comment, anchored there; the asker told of an answer that mentions them hears once', async () => {
    const { alice, bob, carol, dave } = await setup();
    const q = await ask(alice);
    const { answer } = await bob.api.answer.create({
      qid: q.id,
      text: '@alice try this; @carol knows more.',
    });
    expect(await notices(alice)).toEqual([
      { kind: 'answer', actor: 'bob', place: onQuestion(q.id, answer.id) },
    ]);
    expect(await notices(carol)).toEqual([
      { kind: 'mention', actor: 'bob', place: onQuestion(q.id, answer.id) },
    ]);
    const { comment } = await carol.api.comment.create({
      type: 'answer',
      id: answer.id,
      text: 'Agreed, @dave.',
    });
    expect(await notices(dave)).toEqual([
      { kind: 'mention', actor: 'carol', place: onQuestion(q.id, answer.id, comment.id) },
    ]);
    // Editing the answer to mention alice again changes nothing for her.
    clock.tick();
    await bob.api.answer.update({ answerId: answer.id, text: '@alice, updated: try this.' });
    expect(await alice.api.notification.unreadCount()).toBe(1);
  });

  it('tells a deleted account nothing', async () => {
    const { world, alice, bob, carol } = await setup();
    await carol.api.user.delete({ username: 'carol' });
    const q = await ask(alice, { text: 'Paging @carol and @bob.' });
    expect(await notices(bob)).toEqual([
      { kind: 'mention', actor: 'alice', place: onQuestion(q.id) },
    ]);
    // Bob's is the only notification the question caused.
    const stored = await world.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.subject, `question:${q.id}`));
    expect(stored).toEqual([{ n: 1 }]);
  });
});

describe('notifications: unread count, mark one or all read', () => {
  it('counts unread ones; markRead reads one, markAllRead all, each publishing the new count once', async () => {
    const { world, alice, bob, carol } = await setup();
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'First.' });
    await carol.api.answer.create({ qid: q.id, text: 'Second.' });
    await carol.api.comment.create({ type: 'question', id: q.id, text: 'A comment.' });
    expect(await alice.api.notification.unreadCount()).toBe(3);
    const [newest, middle, oldest] = (await alice.api.notification.list({})).items;
    if (!newest || !middle || !oldest) throw new Error('expected three notifications');

    const live = new AbortController();
    const events = await world.readEvents(alice.listen(live.signal).notification.onChange());
    const one = await alice.api.notification.markRead({ id: middle.id });
    expect(one).toMatchObject({ unreadCount: 2 });
    expect(one.event?.payload).toEqual({ type: 'read', ids: [middle.id], unreadCount: 2 });
    expect(await events.next()).toEqual({ id: one.event?.id, data: one.event?.payload });
    // Again: nothing changes, nothing is published.
    expect(await alice.api.notification.markRead({ id: middle.id })).toEqual({
      unreadCount: 2,
      event: null,
    });
    expect((await alice.api.notification.list({})).items.map((n) => n.read)).toEqual([
      false,
      true,
      false,
    ]);

    const all = await alice.api.notification.markAllRead();
    expect(all.event?.payload).toEqual({ type: 'allRead', upToId: newest.id, unreadCount: 0 });
    expect(await events.next()).toEqual({ id: all.event?.id, data: all.event?.payload });
    expect(await alice.api.notification.unreadCount()).toBe(0);
    expect(await alice.api.notification.markAllRead()).toEqual({ unreadCount: 0, event: null });
    live.abort();
  });

  it('lists newest first, a page at a time', async () => {
    const { alice, bob } = await setup();
    const q = await ask(alice);
    for (let i = 1; i <= 5; i++) {
      clock.tick();
      await bob.api.comment.create({ type: 'question', id: q.id, text: `Comment ${i}` });
    }
    const first = await alice.api.notification.list({ limit: 2 });
    expect(first.items.map((n) => n.excerpt)).toEqual(['Comment 5', 'Comment 4']);
    const second = await alice.api.notification.list({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((n) => n.excerpt)).toEqual(['Comment 3', 'Comment 2']);
    const last = await alice.api.notification.list({ limit: 2, cursor: second.nextCursor });
    expect(last).toMatchObject({ items: [{ excerpt: 'Comment 1' }], nextCursor: null });
  });
});

describe('the unread count', () => {
  it('counts up to 100 (every screen shows 99+ past 99), so a full inbox costs no more to count', async () => {
    const { world, alice, bob } = await setup();
    const q = await ask(alice);
    await bob.api.comment.create({ type: 'question', id: q.id, text: 'The first comment' });
    const [first] = await world.db.select().from(notifications);
    // 150 more unread notifications about the same comment, as a busy week leaves them.
    const { id: _id, ...row } = first!;
    await world.db
      .insert(notifications)
      .values(Array.from({ length: 150 }, (_, i) => ({ ...row, subject: `${row.subject}-${i}` })));
    expect(await alice.api.notification.unreadCount()).toBe(100);
    await alice.api.notification.markAllRead();
    expect(await alice.api.notification.unreadCount()).toBe(0);
  });
});

describe('notifications are private to their owner', () => {
  it("another user cannot read or mark someone's notifications", async () => {
    const { world, alice, bob } = await setup();
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'An answer.' });
    const [mine] = (await alice.api.notification.list({})).items;
    if (!mine) throw new Error('expected a notification');

    // Nothing names a user: whatever bob sends, he reads his own.
    const asAlice = { username: 'alice' } as Record<string, unknown>;
    expect((await bob.api.notification.list(asAlice)).items).toEqual([]);
    expect(await bob.api.notification.unreadCount()).toBe(0);
    // Someone else's id answers exactly as an id that does not exist.
    await expectError(
      bob.api.notification.markRead({ id: mine.id }),
      'NOT_FOUND',
      'Notification not found',
    );
    await expectError(
      bob.api.notification.markRead({ id: 999 }),
      'NOT_FOUND',
      'Notification not found',
    );
    await bob.api.notification.markAllRead();
    expect(await alice.api.notification.unreadCount()).toBe(1);

    // Bob's stream hears only his own notifications.
    const live = new AbortController();
    const bobs = await world.readEvents(bob.listen(live.signal).notification.onChange(asAlice));
    await world
      .signedIn('eve')
      .then((eve) => eve.api.answer.create({ qid: q.id, text: 'Another.' }));
    const bobsQ = await ask(bob, { title: 'A question of bob’s' });
    const told = await alice.api.answer.create({ qid: bobsQ.id, text: 'For bob.' });
    const heard = await bobs.next();
    expect(heard.data).toMatchObject({
      type: 'created',
      notification: { kind: 'answer', actor: 'alice', place: { answerId: told.answer.id } },
    });
    live.abort();
  });

  it('refuses every procedure when signed out', async () => {
    const { world } = await setup();
    const api = world.client().api;
    const unauthorized = { code: 'UNAUTHORIZED' };
    await expect(api.notification.list({})).rejects.toMatchObject(unauthorized);
    await expect(api.notification.unreadCount()).rejects.toMatchObject(unauthorized);
    await expect(api.notification.markRead({ id: 1 })).rejects.toMatchObject(unauthorized);
    await expect(api.notification.markAllRead()).rejects.toMatchObject(unauthorized);
    await expect(api.notification.onChange()).rejects.toMatchObject(unauthorized);
  });
});

describe('notification.onChange', () => {
  it('streams each created notification live with the new unread count, and resumes from lastEventId', async () => {
    const { world, alice, bob, carol } = await setup();
    const q = await ask(alice);
    const first = new AbortController();
    const before = await world.readEvents(alice.listen(first.signal).notification.onChange());
    const { answer } = await bob.api.answer.create({ qid: q.id, text: 'First.' });
    const seen = await before.next();
    expect(seen.data).toEqual({
      type: 'created',
      notification: {
        id: expect.any(Number),
        kind: 'answer',
        actor: 'bob',
        createdAt: clock.now(),
        read: false,
        place: onQuestion(q.id, answer.id),
        excerpt: 'First.',
      },
      unreadCount: 1,
    });
    first.abort();

    // Away: two more arrive; the resumed stream replays them in order, then goes on live.
    await carol.api.answer.create({ qid: q.id, text: 'Second.' });
    await carol.api.comment.create({ type: 'question', id: q.id, text: 'Third.' });
    const again = new AbortController();
    const after = await world.readEvents(
      alice.listen(again.signal).notification.onChange({ lastEventId: seen.id }),
    );
    const excerptAndCount = (e: { data: NotificationEvent }) =>
      e.data.type === 'created' ? [e.data.notification.excerpt, e.data.unreadCount] : null;
    // Each carries the unread count as it is when it reaches her: both are unread by then.
    expect((await after.take(2)).map(excerptAndCount)).toEqual([
      ['Second.', 3],
      ['Third.', 3],
    ]);
    await bob.api.comment.create({ type: 'question', id: q.id, text: 'Fourth.' });
    expect(excerptAndCount(await after.next())).toEqual(['Fourth.', 4]);
    again.abort();
  });

  it('gives a replayed notification the unread count of when it is delivered, not of when it was sent', async () => {
    const { world, alice, bob } = await setup();
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'First.' });
    await alice.api.notification.markAllRead();
    const away = new AbortController();
    const replay = await world.readEvents(
      alice.listen(away.signal).notification.onChange({ lastEventId: '0' }),
    );
    expect((await replay.take(2)).map((e) => e.data)).toMatchObject([
      { type: 'created', notification: { excerpt: 'First.' }, unreadCount: 0 },
      { type: 'allRead', unreadCount: 0 },
    ]);
    away.abort();
  });

  it('stores no notification when the write that would cause it fails', async () => {
    const { alice, bob } = await setup();
    await ask(alice);
    await expect(bob.api.answer.create({ qid: 999, text: '@alice hello' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await alice.api.notification.unreadCount()).toBe(0);
  });
});
