import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

const clock = useClock();

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const first = await ask(alice, { title: 'How do closures work?', tags: ['javascript'] });
  clock.tick();
  const second = await ask(alice, { title: 'What is a monad?', tags: ['haskell', 'javascript'] });
  clock.tick();
  const { answer: a1 } = await bob.api.answer.create({ qid: first.id, text: 'They capture.' });
  clock.tick();
  const { answer: a2 } = await bob.api.answer.create({ qid: second.id, text: 'A burrito.' });
  await alice.api.answer.accept({ answerId: a1.id });
  await alice.api.answer.vote({ answerId: a1.id, vote: 'up' });
  return { world, alice, bob, first, second, a1, a2 };
}

describe("a profile's work", () => {
  it('lists the questions, newest first, with score, answers and accepted mark', async () => {
    const { bob, first, second } = await setup();
    const page = await bob.api.profile.questions({ username: 'alice', limit: 20 });
    expect(page.total).toBe(2);
    expect(page.items.map((q) => [q.id, q.answerCount, q.hasAcceptedAnswer])).toEqual([
      [second.id, 1, false],
      [first.id, 1, true],
    ]);
  });

  it('pages by the last id seen', async () => {
    const { bob, first, second } = await setup();
    const one = await bob.api.profile.questions({ username: 'alice', limit: 1 });
    expect(one.items.map((q) => q.id)).toEqual([second.id]);
    const two = await bob.api.profile.questions({
      username: 'alice',
      limit: 1,
      cursor: one.nextCursor,
    });
    expect(two).toMatchObject({ items: [{ id: first.id }], nextCursor: null });
  });

  it('lists the answers with their question, score and accepted mark', async () => {
    const { alice, first, second, a1, a2 } = await setup();
    const page = await alice.api.profile.answers({ username: 'bob', limit: 20 });
    expect(page.items).toEqual([
      expect.objectContaining({
        id: a2.id,
        qid: second.id,
        questionTitle: 'What is a monad?',
        voteScore: 0,
        accepted: false,
      }),
      expect.objectContaining({ id: a1.id, qid: first.id, voteScore: 1, accepted: true }),
    ]);
  });

  it('counts the top tags of questions asked and answered', async () => {
    const { alice } = await setup();
    expect(await alice.api.profile.topTags({ username: 'bob' })).toEqual([
      { name: 'javascript', questions: 0, answers: 2 },
      { name: 'haskell', questions: 0, answers: 1 },
    ]);
  });

  it('shows a deleted answer to its author, marked, and to nobody else', async () => {
    const { alice, bob, a2 } = await setup();
    await bob.api.answer.delete({ answerId: a2.id });
    expect(
      (await alice.api.profile.answers({ username: 'bob', limit: 20 })).items.map((a) => a.id),
    ).not.toContain(a2.id);
    const own = await bob.api.profile.answers({ username: 'bob', limit: 20 });
    expect(own.items.find((a) => a.id === a2.id)?.removal).toEqual({
      deleted: true,
      byModerator: false,
      hidden: false,
    });
    expect(own.total).toBe(1);
  });

  it('says when there is no such user', async () => {
    const { alice } = await setup();
    await expect(
      alice.api.profile.answers({ username: 'nobody', limit: 20 }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
