import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

useClock();

describe('question.view', () => {
  it('counts one view per user: views are a set of usernames', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    expect(await bob.api.question.view({ qid: q.id })).toMatchObject({ viewCount: 1 });
    // A repeat view changes nothing, so it has no event to answer with.
    expect(await bob.api.question.view({ qid: q.id })).toEqual({ viewCount: 1, event: null });
    expect(await alice.api.question.view({ qid: q.id })).toMatchObject({
      viewCount: 2,
      event: { payload: { type: 'viewed', qid: q.id, viewCount: 2 } },
    });
    expect((await bob.api.question.byId({ qid: q.id })).viewCount).toBe(2);
    expect((await bob.api.question.list()).items[0]?.viewCount).toBe(2);
  });

  it('publishes viewed with the new count, and nothing for a repeat view', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionChanged(),
    );
    await bob.api.question.view({ qid: q.id });
    await bob.api.question.view({ qid: q.id });
    await alice.api.question.view({ qid: q.id });
    const [first, second] = await events.take(2);
    expect(first?.data).toEqual({ type: 'viewed', qid: q.id, viewCount: 1 });
    expect(second?.data).toEqual({ type: 'viewed', qid: q.id, viewCount: 2 });
    live.abort();
  });

  it("answers NOT_FOUND 'Question not found' for an unknown question", async () => {
    const bob = await (await createTestWorld()).signedIn('bob');
    await expect(bob.api.question.view({ qid: 42 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
