import { authMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { expectError } from './messaging-fixtures';
import { ADD_SOLUTION, MANY_RUNS, postProblem, problemInput } from './problem-fixtures';
import { useClock } from './question-fixtures';

useClock();

describe('problem.onProblemChanged (the list)', () => {
  it('streams created and voted events of every problem, but not submissions', async () => {
    const world = await createTestWorld({ limits: MANY_RUNS });
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const live = new AbortController();
    const events = await world.readEvents(bob.listen(live.signal).problem.onProblemChanged());
    const created = await alice.api.problem.create(problemInput());
    await bob.api.submission.create({ problemId: created.problem.id, code: ADD_SOLUTION });
    const voted = await bob.api.problem.vote({ id: created.problem.id, vote: 'up' });
    expect(await events.take(2)).toEqual([
      { id: created.event.id, data: created.event.payload },
      { id: voted.event.id, data: voted.event.payload },
    ]);
    live.abort();
  });

  it('resumes after the last event the client saw', async () => {
    const world = await createTestWorld({ limits: MANY_RUNS });
    const alice = await world.signedIn('alice');
    const first = await alice.api.problem.create(problemInput({ title: 'First' }));
    const second = await alice.api.problem.create(problemInput({ title: 'Second' }));
    const third = await alice.api.problem.create(problemInput({ title: 'Third' }));
    const live = new AbortController();
    const events = await world.readEvents(
      alice.listen(live.signal).problem.onProblemChanged({ lastEventId: first.event.id }),
    );
    expect((await events.take(2)).map((e) => e.id)).toEqual([second.event.id, third.event.id]);
    live.abort();
  });

  it('is for signed-in users only', async () => {
    const world = await createTestWorld();
    await expectError(
      world.client().api.problem.onProblemChanged(),
      'UNAUTHORIZED',
      authMessages.notSignedIn,
    );
  });
});

describe('problem.onProblemUpdated (one problem)', () => {
  it("streams only that problem's votes and submissions, resumable", async () => {
    const world = await createTestWorld({ limits: MANY_RUNS });
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const mine = await postProblem(alice, { title: 'Mine' });
    const other = await postProblem(alice, { title: 'Other' });
    const live = new AbortController();
    const events = await world.readEvents(
      bob.listen(live.signal).problem.onProblemUpdated({ id: mine.id }),
    );
    await bob.api.problem.vote({ id: other.id, vote: 'up' });
    const voted = await bob.api.problem.vote({ id: mine.id, vote: 'down' });
    await bob.api.submission.create({ problemId: other.id, code: ADD_SOLUTION });
    const submitted = await bob.api.submission.create({ problemId: mine.id, code: ADD_SOLUTION });
    expect(await events.take(2)).toEqual([
      { id: voted.event.id, data: voted.event.payload },
      { id: submitted.event.id, data: submitted.event.payload },
    ]);
    live.abort();

    const again = new AbortController();
    const resumed = await world.readEvents(
      bob
        .listen(again.signal)
        .problem.onProblemUpdated({ id: mine.id, lastEventId: voted.event.id }),
    );
    expect(await resumed.next()).toEqual({ id: submitted.event.id, data: submitted.event.payload });
    again.abort();
  });

  it('is for signed-in users only', async () => {
    const world = await createTestWorld();
    await expectError(
      world.client().api.problem.onProblemUpdated({ id: 1 }),
      'UNAUTHORIZED',
      authMessages.notSignedIn,
    );
  });
});
