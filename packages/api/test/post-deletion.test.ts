import { moderatorActions, users } from '@app/db';
import { deletionMessages, moderationMessages, questionMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient, type TestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

const clock = useClock();

async function grantModerator(world: TestWorld, username: string): Promise<TestClient> {
  const client = await world.signedIn(username);
  await world.db.update(users).set({ role: 'moderator' }).where(eq(users.username, username));
  return client;
}

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const carol = await world.signedIn('carol');
  const q = await ask(alice, { title: 'How do I sort objects by a key?', tags: ['sorting'] });
  clock.tick();
  const { answer } = await bob.api.answer.create({ qid: q.id, text: 'Use a comparator.' });
  clock.tick();
  const { comment } = await carol.api.comment.create({
    type: 'answer',
    id: answer.id,
    text: 'Works for me.',
  });
  return { world, alice, bob, carol, q, answer, comment };
}

const listed = async (client: TestClient) =>
  (await client.api.question.list({ order: 'newest', limit: 20 })).items.map((item) => item.id);

describe('deleting your own question', () => {
  it('takes it out of every list, search, tag count and page for everyone else', async () => {
    const { world, alice, bob, q } = await setup();
    await bob.api.answer.delete({
      answerId: (await bob.api.question.byId({ qid: q.id })).answers[0]!.id,
    });
    await alice.api.question.delete({ qid: q.id });
    const anonymous = world.client();
    expect(await listed(anonymous)).not.toContain(q.id);
    expect((await anonymous.api.question.list({ order: 'newest', limit: 20 })).total).toBe(0);
    expect(
      (await anonymous.api.question.list({ order: 'newest', limit: 20, search: 'sort' })).items,
    ).toEqual([]);
    expect(
      (await anonymous.api.question.list({ order: 'newest', limit: 20, tag: 'sorting' })).total,
    ).toBe(0);
    expect((await anonymous.api.tag.list()).find((tag) => tag.name === 'sorting')?.qcnt).toBe(0);
    expect(await anonymous.api.question.listIds({ order: 'newest' })).not.toContain(q.id);
    await expect(bob.api.question.byId({ qid: q.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: questionMessages.questionNotFound,
    });
  });

  it('still shows it to its author, marked deleted, and the author can undelete it', async () => {
    const { world, alice, q } = await setup();
    const lone = await ask(alice, { title: 'A question nobody answered yet' });
    await alice.api.question.delete({ qid: lone.id });
    expect((await alice.api.question.byId({ qid: lone.id })).removal).toEqual({
      deleted: true,
      byModerator: false,
      hidden: false,
    });
    await alice.api.question.undelete({ qid: lone.id });
    expect((await alice.api.question.byId({ qid: lone.id })).removal).toBeUndefined();
    expect(await listed(world.client())).toEqual([lone.id, q.id]);
  });

  it('is refused once an answer to it is accepted or scored above zero', async () => {
    const { alice, carol, q, answer } = await setup();
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    await expect(alice.api.question.delete({ qid: q.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: deletionMessages.questionInvested,
    });
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    await alice.api.answer.accept({ answerId: answer.id });
    await expect(alice.api.question.delete({ qid: q.id })).rejects.toMatchObject({
      message: deletionMessages.questionInvested,
    });
  });

  it('is allowed while its only answers have no positive score', async () => {
    const { alice, carol, q, answer } = await setup();
    await carol.api.answer.vote({ answerId: answer.id, vote: 'down' });
    const { event } = await alice.api.question.delete({ qid: q.id });
    expect(event?.payload).toMatchObject({
      type: 'visibility',
      qid: q.id,
      post: { type: 'question', id: q.id },
      deleted: true,
      hidden: false,
    });
  });

  it('is refused to anyone but the author or a moderator', async () => {
    const { bob, q } = await setup();
    await expect(bob.api.question.delete({ qid: q.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: deletionMessages.onlyAuthorDeletes,
    });
  });

  it('takes no new answers, comments or votes while deleted', async () => {
    const { alice, bob } = await setup();
    const lone = await ask(alice, { title: 'Soon gone' });
    await alice.api.question.delete({ qid: lone.id });
    for (const call of [
      () => bob.api.answer.create({ qid: lone.id, text: 'Too late.' }),
      () => bob.api.comment.create({ type: 'question', id: lone.id, text: 'Too late.' }),
      () => bob.api.question.vote({ qid: lone.id, vote: 'up' }),
    ])
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('deleting your own answer', () => {
  it('takes it off the page and out of the answer count for everyone else, live', async () => {
    const { world, alice, bob, q, answer } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      alice.listen(live.signal).question.onQuestionUpdated({ qid: q.id }),
    );
    await bob.api.answer.delete({ answerId: answer.id });
    expect((await events.next()).data).toMatchObject({
      type: 'visibility',
      post: { type: 'answer', id: answer.id },
      deleted: true,
      answerCount: 0,
    });
    live.abort();
    const page = await alice.api.question.byId({ qid: q.id });
    expect(page.answers).toEqual([]);
    expect(page.answerCount).toBe(0);
    expect(
      (await alice.api.question.list({ order: 'unanswered', limit: 20 })).items.map((i) => i.id),
    ).toEqual([q.id]);
    const own = await bob.api.question.byId({ qid: q.id });
    expect(own.answers.map((a) => [a.id, a.removal])).toEqual([
      [answer.id, { deleted: true, byModerator: false, hidden: false }],
    ]);
  });

  it('is refused while the answer is the accepted one', async () => {
    const { alice, bob, answer } = await setup();
    await alice.api.answer.accept({ answerId: answer.id });
    await expect(bob.api.answer.delete({ answerId: answer.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: deletionMessages.acceptedAnswer,
    });
  });

  it('hides its comments and the notifications that pointed at it', async () => {
    const { bob, answer, q } = await setup();
    const before = await bob.api.notification.list({ limit: 20 });
    expect(before.items.some((n) => n.place.type === 'question' && n.place.qid === q.id)).toBe(
      true,
    );
    const unreadBefore = await bob.api.notification.unreadCount();
    const hiddenUnread = before.items.filter(
      (n) => n.place.type === 'question' && n.place.answerId === answer.id && !n.read,
    ).length;
    await bob.api.answer.delete({ answerId: answer.id });
    const after = await bob.api.notification.list({ limit: 20 });
    expect(
      after.items.filter((n) => n.place.type === 'question' && n.place.answerId === answer.id),
    ).toEqual([]);
    // Nor are they counted unread.
    expect(await bob.api.notification.unreadCount()).toBe(unreadBefore - hiddenUnread);
  });

  it('takes back the reputation its votes earned, and undeleting gives it back', async () => {
    const { alice, bob, carol, answer } = await setup();
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    const reputationOf = async (name: string) =>
      (await alice.api.user.byUsername({ username: name })).reputation;
    expect(await reputationOf('bob')).toBe(11);
    await bob.api.answer.delete({ answerId: answer.id });
    expect(await reputationOf('bob')).toBe(1);
    await bob.api.answer.undelete({ answerId: answer.id });
    expect(await reputationOf('bob')).toBe(11);
  });

  it('changes nothing the second time (a double click)', async () => {
    const { bob, answer } = await setup();
    await bob.api.answer.delete({ answerId: answer.id });
    expect(await bob.api.answer.delete({ answerId: answer.id })).toEqual({ event: null });
  });
});

describe('deleting your own comment', () => {
  it('takes it off the page for everyone else; its author sees it marked and can undelete it', async () => {
    const { alice, carol, q, comment } = await setup();
    await carol.api.comment.delete({ commentId: comment.id });
    expect((await alice.api.question.byId({ qid: q.id })).answers[0]!.comments).toEqual([]);
    expect((await carol.api.question.byId({ qid: q.id })).answers[0]!.comments[0]?.removal).toEqual(
      {
        deleted: true,
        byModerator: false,
        hidden: false,
      },
    );
    await carol.api.comment.undelete({ commentId: comment.id });
    expect((await alice.api.question.byId({ qid: q.id })).answers[0]!.comments).toHaveLength(1);
  });

  it('is refused to anyone else who is not a moderator', async () => {
    const { bob, comment } = await setup();
    await expect(bob.api.comment.delete({ commentId: comment.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: deletionMessages.onlyAuthorDeletes,
    });
  });
});

describe('editing a comment', () => {
  it('lets its author change it within five minutes, live and marked edited', async () => {
    const { world, alice, carol, q, answer, comment } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      alice.listen(live.signal).question.onQuestionUpdated({ qid: q.id }),
    );
    const at = clock.tick(4 * 60_000);
    await carol.api.comment.update({ commentId: comment.id, text: 'Works for me, thanks.' });
    expect((await events.next()).data).toMatchObject({
      type: 'commentEdited',
      parent: { type: 'answer', id: answer.id },
      comment: { id: comment.id, text: 'Works for me, thanks.', editedAt: at },
    });
    live.abort();
    expect((await alice.api.question.byId({ qid: q.id })).answers[0]!.comments[0]).toMatchObject({
      text: 'Works for me, thanks.',
      editedAt: at,
    });
  });

  it('is refused after five minutes', async () => {
    const { carol, comment } = await setup();
    clock.tick(5 * 60_000 + 1);
    await expect(
      carol.api.comment.update({ commentId: comment.id, text: 'Too late to change.' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: deletionMessages.commentEditWindow });
  });

  it('is refused to anyone but its author', async () => {
    const { bob, comment } = await setup();
    await expect(
      bob.api.comment.update({ commentId: comment.id, text: 'Not mine.' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: deletionMessages.onlyAuthorEditsComment,
    });
  });
});

describe('a moderator', () => {
  it('deletes any post, which only a moderator may then undelete, and the audit log says so', async () => {
    const { world, bob, q, answer } = await setup();
    const mod = await grantModerator(world, 'mod');
    await mod.api.answer.delete({ answerId: answer.id });
    expect((await bob.api.question.byId({ qid: q.id })).answers[0]?.removal).toEqual({
      deleted: true,
      byModerator: true,
      hidden: false,
    });
    await expect(bob.api.answer.undelete({ answerId: answer.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: deletionMessages.onlyModeratorUndeletes,
    });
    expect((await mod.api.question.byId({ qid: q.id })).answers).toHaveLength(1);
    await mod.api.answer.undelete({ answerId: answer.id });
    const log = await world.db.select().from(moderatorActions);
    expect(log.map((row) => [row.action, row.targetKind, row.targetId])).toEqual([
      ['delete', 'answer', answer.id],
      ['undelete', 'answer', answer.id],
    ]);
  });

  it('deletes a question others invested in', async () => {
    const { world, alice, carol, q, answer } = await setup();
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    const mod = await grantModerator(world, 'mod');
    await mod.api.question.delete({ qid: q.id });
    expect(await listed(alice)).not.toContain(q.id);
  });
});

describe('a suspended user', () => {
  it('cannot delete their own posts', async () => {
    const { world, bob, answer } = await setup();
    const until = new Date(clock.now().getTime() + 86_400_000);
    await world.db.update(users).set({ suspendedUntil: until }).where(eq(users.username, 'bob'));
    await expect(bob.api.answer.delete({ answerId: answer.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: moderationMessages.suspended(until),
    });
  });
});
