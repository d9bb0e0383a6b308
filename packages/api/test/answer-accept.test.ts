import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

const clock = useClock();

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const carol = await world.signedIn('carol');
  const q = await ask(alice);
  const answer = async (client: typeof bob, text: string) => {
    clock.tick();
    return (await client.api.answer.create({ qid: q.id, text })).answer;
  };
  const first = await answer(bob, 'First answer.');
  const second = await answer(carol, 'Second answer.');
  return { world, alice, bob, carol, q, answer, first, second };
}

const ids = (page: { answers: { id: number }[] }) => page.answers.map((a) => a.id);

describe('answer.accept and answer.unaccept', () => {
  it('lets the asker accept one answer, change it to another, and take it back', async () => {
    const { alice, q, first, second } = await setup();
    const accepted = await alice.api.answer.accept({ answerId: second.id });
    expect(accepted.acceptedAnswerId).toBe(second.id);
    expect(accepted.event.payload).toEqual({
      type: 'accepted',
      qid: q.id,
      acceptedAnswerId: second.id,
      acceptVersion: 1,
    });
    expect(await alice.api.question.byId({ qid: q.id })).toMatchObject({
      acceptedAnswerId: second.id,
      acceptVersion: 1,
    });

    const changed = await alice.api.answer.accept({ answerId: first.id });
    expect(changed.event.payload).toMatchObject({ acceptedAnswerId: first.id, acceptVersion: 2 });

    // Taking back an answer that is not the accepted one leaves the accepted one as it is.
    const other = await alice.api.answer.unaccept({ answerId: second.id });
    expect(other.acceptedAnswerId).toBe(first.id);
    const back = await alice.api.answer.unaccept({ answerId: first.id });
    expect(back.event.payload).toMatchObject({ acceptedAnswerId: null, acceptVersion: 4 });
    expect((await alice.api.question.byId({ qid: q.id })).acceptedAnswerId).toBeNull();
  });

  it('forbids anyone but the asker to accept or unaccept, with a clear sentence', async () => {
    const { alice, bob, carol, q, first } = await setup();
    const forbidden = {
      code: 'FORBIDDEN',
      message: 'Only the person who asked the question can accept an answer.',
    };
    // Not even the answer's own author.
    await expect(bob.api.answer.accept({ answerId: first.id })).rejects.toMatchObject(forbidden);
    await expect(carol.api.answer.accept({ answerId: first.id })).rejects.toMatchObject(forbidden);
    await alice.api.answer.accept({ answerId: first.id });
    await expect(carol.api.answer.unaccept({ answerId: first.id })).rejects.toMatchObject(
      forbidden,
    );
    expect((await carol.api.question.byId({ qid: q.id })).acceptedAnswerId).toBe(first.id);
  });

  it("answers NOT_FOUND 'Answer not found' for an unknown answer, UNAUTHORIZED when signed out", async () => {
    const { world, alice, first } = await setup();
    await expect(alice.api.answer.accept({ answerId: 999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Answer not found',
    });
    await expect(world.client().api.answer.accept({ answerId: first.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('publishes accepted on the question for every viewer of its page', async () => {
    const { world, alice, q, first } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionUpdated({
        qid: q.id,
      }),
    );
    const { event } = await alice.api.answer.accept({ answerId: first.id });
    expect(await events.next()).toEqual({ id: event.id, data: event.payload });
    live.abort();
  });

  it('marks the question in the list once it has an accepted answer', async () => {
    const { alice, q, first } = await setup();
    const other = await ask(alice, { title: 'Another question about sorting' });
    const card = async (qid: number) =>
      (await alice.api.question.list()).items.find((item) => item.id === qid);
    expect(await card(q.id)).toMatchObject({ hasAcceptedAnswer: false });
    await alice.api.answer.accept({ answerId: first.id });
    expect(await card(q.id)).toMatchObject({ hasAcceptedAnswer: true });
    expect(await card(other.id)).toMatchObject({ hasAcceptedAnswer: false });
    await alice.api.answer.unaccept({ answerId: first.id });
    expect(await card(q.id)).toMatchObject({ hasAcceptedAnswer: false });
  });
});

describe('answer order on the question page', () => {
  it('lists the accepted answer first, then by score, then the oldest first', async () => {
    const { world, alice, bob, carol, q, answer, first, second } = await setup();
    const third = await answer(bob, 'Third answer.');
    const fourth = await answer(carol, 'Fourth answer.');
    // No votes: oldest first.
    expect(ids(await alice.api.question.byId({ qid: q.id }))).toEqual([
      first.id,
      second.id,
      third.id,
      fourth.id,
    ]);
    // Scores: fourth +2, third +1, first 0, second -1; equal scores keep the older first.
    const dave = await world.signedIn('dave');
    await dave.api.answer.vote({ answerId: fourth.id, vote: 'up' });
    await alice.api.answer.vote({ answerId: fourth.id, vote: 'up' });
    await dave.api.answer.vote({ answerId: third.id, vote: 'up' });
    await dave.api.answer.vote({ answerId: second.id, vote: 'down' });
    expect(ids(await alice.api.question.byId({ qid: q.id }))).toEqual([
      fourth.id,
      third.id,
      first.id,
      second.id,
    ]);
    // The accepted answer goes first whatever its score.
    await alice.api.answer.accept({ answerId: second.id });
    expect(ids(await bob.api.question.byId({ qid: q.id }))).toEqual([
      second.id,
      fourth.id,
      third.id,
      first.id,
    ]);
  });
});
