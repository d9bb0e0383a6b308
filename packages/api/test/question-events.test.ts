import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

// Live streams are for signed-in users; each test world gets its own watcher.
let watchers = 0;
const watcherOf = (world: TestWorld) => world.signedIn(`watcher${++watchers}`);

useClock();

describe('question.onQuestionChanged', () => {
  it('delivers every question event live, each with an increasing id', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const live = new AbortController();
    const events = await world.readEvents(
      (await watcherOf(world)).listen(live.signal).question.onQuestionChanged(),
    );

    const q = await ask(alice, { title: 'Live one', tags: ['react'] });
    const { answer } = await alice.api.answer.create({ qid: q.id, text: 'An answer' });
    await alice.api.comment.create({ id: q.id, type: 'question', text: 'A comment' });
    await (await world.signedIn('voter')).api.question.vote({ qid: q.id, vote: 'up' });
    await alice.api.question.view({ qid: q.id });

    const seen = await events.take(5);
    expect(seen.map((e) => e.data.type)).toEqual([
      'created',
      'answered',
      'commented',
      'voted',
      'viewed',
    ]);
    expect(seen.every((e) => e.data.qid === q.id)).toBe(true);
    const ids = seen.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(5);
    expect(seen[0]?.data).toEqual({ type: 'created', qid: q.id, question: q });
    expect(seen[1]?.data).toMatchObject({ answer });
    live.abort();
  });

  it('resumes after the last event id it saw with only the later events', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const live = new AbortController();
    const events = await world.readEvents(
      (await watcherOf(world)).listen(live.signal).question.onQuestionChanged(),
    );
    const q1 = await ask(alice, { title: 'one' });
    const q2 = await ask(alice, { title: 'two' });
    const q3 = await ask(alice, { title: 'three' });
    const seen = await events.take(3);
    live.abort();
    expect(seen.map((e) => e.data.qid)).toEqual([q1.id, q2.id, q3.id]);

    const again = new AbortController();
    const resumed = await world.readEvents(
      (await watcherOf(world))
        .listen(again.signal)
        .question.onQuestionChanged({ lastEventId: seen[0]!.id }),
    );
    const replayed = await resumed.take(2);
    expect(replayed.map((e) => e.data.qid)).toEqual([q2.id, q3.id]);
    expect(replayed.map((e) => e.id)).toEqual([seen[1]!.id, seen[2]!.id]);
    // And then live, with nothing twice.
    const q4 = await ask(alice, { title: 'four' });
    expect((await resumed.next()).data.qid).toBe(q4.id);
    again.abort();
  });
});

describe('question event resume', () => {
  it('replays more than one page of stored events, in order, then goes live', async () => {
    const world = await createTestWorld();
    const first = await world.publish('question', 1, { type: 'viewed', qid: 1, viewCount: 0 });
    for (let i = 1; i <= 1500; i++)
      await world.publish('question', 1, { type: 'viewed', qid: 1, viewCount: i });
    const live = new AbortController();
    const resumed = await world.readEvents(
      (await watcherOf(world))
        .listen(live.signal)
        .question.onQuestionChanged({ lastEventId: first.id }),
    );
    const replayed = await resumed.take(1500);
    expect(replayed.map((e) => (e.data.type === 'viewed' ? e.data.viewCount : -1))).toEqual(
      Array.from({ length: 1500 }, (_, i) => i + 1),
    );
    await world.publish('question', 1, { type: 'viewed', qid: 1, viewCount: 1501 });
    expect((await resumed.next()).data).toMatchObject({ viewCount: 1501 });
    live.abort();
  });
});

describe('question.onQuestionUpdated', () => {
  it("delivers only that question's events, in the replay and live", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const mine = await ask(alice, { title: 'mine' });
    const other = await ask(bob, { title: 'other' });
    const live = new AbortController();
    const watcher = (await watcherOf(world)).listen(live.signal);
    const events = await world.readEvents(watcher.question.onQuestionUpdated({ qid: mine.id }));

    await bob.api.answer.create({ qid: other.id, text: 'elsewhere' });
    const { answer } = await bob.api.answer.create({ qid: mine.id, text: 'here' });
    await alice.api.question.vote({ qid: other.id, vote: 'up' });
    await bob.api.question.vote({ qid: mine.id, vote: 'down' });
    const [first, second] = await events.take(2);
    expect(first?.data).toMatchObject({ type: 'answered', qid: mine.id, answer });
    expect(second?.data).toMatchObject({ type: 'voted', qid: mine.id, downVotes: ['bob'] });
    live.abort();

    // Resuming after the first: the other question's events are skipped in the replay too.
    const again = new AbortController();
    const resumed = await world.readEvents(
      (await watcherOf(world))
        .listen(again.signal)
        .question.onQuestionUpdated({ qid: mine.id, lastEventId: first!.id }),
    );
    expect((await resumed.next()).id).toBe(second!.id);
    await alice.api.question.view({ qid: other.id });
    await alice.api.question.view({ qid: mine.id });
    expect((await resumed.next()).data).toEqual({ type: 'viewed', qid: mine.id, viewCount: 1 });
    again.abort();
  });
});

describe('live question streams', () => {
  it('are for signed-in users only', async () => {
    const world = await createTestWorld();
    const anonymous = world.client().listen(new AbortController().signal);
    await expect(anonymous.question.onQuestionChanged()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(anonymous.question.onQuestionUpdated({ qid: 1 })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
