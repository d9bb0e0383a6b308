import { firstRow, problems } from '@app/db';
import { authMessages, problemMessages, reputationMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient } from './helpers';
import { expectError } from './messaging-fixtures';
import { postProblem } from './problem-fixtures';
import { useClock } from './question-fixtures';

useClock();

type VoteReply = Awaited<ReturnType<TestClient['api']['problem']['vote']>>;

/** The vote state a reply stands for: the voter's own vote and the lists its event carries. */
function stateOf({ myVote, event }: VoteReply) {
  const payload = event.payload;
  if (payload.type !== 'voted') throw new Error(`a vote answered with a '${payload.type}' event`);
  return { upVotes: payload.upVotes, downVotes: payload.downVotes, myVote };
}

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const carol = await world.signedIn('carol');
  const problem = await postProblem(alice);
  const counters = () =>
    firstRow(
      world.db
        .select({
          up: problems.upVoteCount,
          down: problems.downVoteCount,
          version: problems.voteVersion,
        })
        .from(problems)
        .where(eq(problems.id, problem.id)),
    );
  return { world, alice, bob, carol, problem, counters };
}

describe('problem.vote: the question vote rule', () => {
  it('an upvote adds the user to upVotes; upvoting again takes it back', async () => {
    const { bob, problem, counters } = await setup();
    expect(stateOf(await bob.api.problem.vote({ id: problem.id, vote: 'up' }))).toEqual({
      upVotes: ['bob'],
      downVotes: [],
      myVote: 1,
    });
    expect(await counters()).toEqual({ up: 1, down: 0, version: 1 });
    expect(stateOf(await bob.api.problem.vote({ id: problem.id, vote: 'up' }))).toEqual({
      upVotes: [],
      downVotes: [],
      myVote: 0,
    });
    expect(await counters()).toEqual({ up: 0, down: 0, version: 2 });
  });

  it('a downvote replaces an upvote and the other way round; downvoting again takes it back', async () => {
    const { bob, problem, counters } = await setup();
    await bob.api.problem.vote({ id: problem.id, vote: 'up' });
    expect(stateOf(await bob.api.problem.vote({ id: problem.id, vote: 'down' }))).toEqual({
      upVotes: [],
      downVotes: ['bob'],
      myVote: -1,
    });
    expect(await counters()).toMatchObject({ up: 0, down: 1 });
    expect(stateOf(await bob.api.problem.vote({ id: problem.id, vote: 'up' }))).toMatchObject({
      upVotes: ['bob'],
      myVote: 1,
    });
    await bob.api.problem.vote({ id: problem.id, vote: 'down' });
    expect((await bob.api.problem.vote({ id: problem.id, vote: 'down' })).myVote).toBe(0);
    expect(await counters()).toEqual({ up: 0, down: 0, version: 5 });
  });

  it('the count is upVotes minus downVotes, and each viewer sees their own vote', async () => {
    const { world, bob, carol, problem } = await setup();
    const dave = await world.signedIn('dave');
    await bob.api.problem.vote({ id: problem.id, vote: 'up' });
    await carol.api.problem.vote({ id: problem.id, vote: 'up' });
    await dave.api.problem.vote({ id: problem.id, vote: 'down' });
    expect(await carol.api.problem.byId({ id: problem.id })).toMatchObject({
      upVotes: ['bob', 'carol'],
      downVotes: ['dave'],
      myVote: 1,
      upVoteCount: 2,
      downVoteCount: 1,
      voteScore: 1,
      voteVersion: 3,
    });
    expect((await dave.api.problem.byId({ id: problem.id })).myVote).toBe(-1);
    expect((await world.client().api.problem.byId({ id: problem.id })).myVote).toBe(0);
    expect((await carol.api.problem.list()).items[0]).toMatchObject({
      upVoteCount: 2,
      downVoteCount: 1,
      voteScore: 1,
    });
  });

  it('publishes voted with both lists, the counts and the vote version: the event the reply carries', async () => {
    const { world, bob, carol, problem } = await setup();
    const live = new AbortController();
    const watcher = await world.signedIn('watcher');
    const list = await world.readEvents(watcher.listen(live.signal).problem.onProblemChanged());
    const one = await world.readEvents(
      watcher.listen(live.signal).problem.onProblemUpdated({ id: problem.id }),
    );
    const first = await bob.api.problem.vote({ id: problem.id, vote: 'up' });
    const second = await carol.api.problem.vote({ id: problem.id, vote: 'down' });
    expect(second.event.payload).toEqual({
      type: 'voted',
      problemId: problem.id,
      upVotes: ['bob'],
      downVotes: ['carol'],
      upVoteCount: 1,
      downVoteCount: 1,
      voteScore: 0,
      voteVersion: 2,
    });
    const expected = [
      { id: first.event.id, data: first.event.payload },
      { id: second.event.id, data: second.event.payload },
    ];
    expect(await list.take(2)).toEqual(expected);
    expect(await one.take(2)).toEqual(expected);
    live.abort();
  });

  it("refuses a vote on one's own problem with a sentence; answers 'Problem not found' for an unknown one", async () => {
    const { alice, problem, counters } = await setup();
    await expectError(
      alice.api.problem.vote({ id: problem.id, vote: 'up' }),
      'FORBIDDEN',
      reputationMessages.ownProblem,
    );
    expect(await counters()).toEqual({ up: 0, down: 0, version: 0 });
    await expectError(
      alice.api.problem.vote({ id: 999, vote: 'up' }),
      'NOT_FOUND',
      problemMessages.problemNotFound,
    );
  });

  it('is for signed-in users only', async () => {
    const { world, problem, counters } = await setup();
    await expectError(
      world.client().api.problem.vote({ id: problem.id, vote: 'up' }),
      'UNAUTHORIZED',
      authMessages.notSignedIn,
    );
    expect(await counters()).toEqual({ up: 0, down: 0, version: 0 });
  });
});
