import { firstRow, questions, users } from '@app/db';
import { reputationMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPUTATION_POINTS } from '../src/domains/reputation/rules';
import { createTestWorld, type TestClient } from './helpers';
import { ask, useClock } from './question-fixtures';

useClock();

type VoteReply = Awaited<ReturnType<TestClient['api']['question']['vote']>>;

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
  const q = await ask(alice);
  const counters = () =>
    firstRow(
      world.db
        .select({ up: questions.upVoteCount, down: questions.downVoteCount })
        .from(questions)
        .where(eq(questions.id, q.id)),
    );
  return { world, alice, bob, carol, q, counters };
}

describe('question.vote', () => {
  it('answers with the event that announced the vote, the very one subscribers get', async () => {
    const { world, bob, carol, q } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionChanged(),
    );
    const first = await bob.api.question.vote({ qid: q.id, vote: 'up' });
    const second = await carol.api.question.vote({ qid: q.id, vote: 'up' });
    // Each answer names the very event subscribers got for that vote, not just some growing number.
    expect(await events.take(2)).toEqual([
      { id: first.event.id, data: first.event.payload },
      { id: second.event.id, data: second.event.payload },
    ]);
    expect(second.event.payload).toMatchObject({ upVotes: ['bob', 'carol'], voteVersion: 2 });
    live.abort();
  });

  it('an upvote adds the user to upVotes and sets their vote to +1', async () => {
    const { bob, q, counters } = await setup();
    const { myVote, event } = await bob.api.question.vote({ qid: q.id, vote: 'up' });
    expect(myVote).toBe(1);
    expect(event.payload).toMatchObject({ upVotes: ['bob'], downVotes: [] });
    expect(await counters()).toEqual({ up: 1, down: 0 });
    expect((await bob.api.question.byId({ qid: q.id })).myVote).toBe(1);
  });

  it('upvoting again takes the upvote back', async () => {
    const { bob, q, counters } = await setup();
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    expect(stateOf(await bob.api.question.vote({ qid: q.id, vote: 'up' }))).toEqual({
      upVotes: [],
      downVotes: [],
      myVote: 0,
    });
    expect(await counters()).toEqual({ up: 0, down: 0 });
  });

  it('a downvote replaces an upvote, and an upvote replaces a downvote', async () => {
    const { bob, q, counters } = await setup();
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    expect(stateOf(await bob.api.question.vote({ qid: q.id, vote: 'down' }))).toEqual({
      upVotes: [],
      downVotes: ['bob'],
      myVote: -1,
    });
    expect(await counters()).toEqual({ up: 0, down: 1 });
    expect(stateOf(await bob.api.question.vote({ qid: q.id, vote: 'up' }))).toMatchObject({
      upVotes: ['bob'],
      myVote: 1,
    });
    expect(await counters()).toEqual({ up: 1, down: 0 });
  });

  it('downvoting again takes the downvote back', async () => {
    const { bob, q, counters } = await setup();
    await bob.api.question.vote({ qid: q.id, vote: 'down' });
    expect((await bob.api.question.vote({ qid: q.id, vote: 'down' })).myVote).toBe(0);
    expect(await counters()).toEqual({ up: 0, down: 0 });
  });

  it("one user's votes sent at once each toggle in turn: the last one stands, counted once", async () => {
    const { world, bob, q, counters } = await setup();
    const reputation = async () =>
      (
        await firstRow(
          world.db
            .select({ points: users.reputation })
            .from(users)
            .where(eq(users.username, 'alice')),
        )
      )?.points;
    const before = await reputation();
    // Nine upvotes at once: up, back, up, … (PostgreSQL runs them side by side, on its pool).
    const replies = await Promise.all(
      Array.from({ length: 9 }, () => bob.api.question.vote({ qid: q.id, vote: 'up' })),
    );
    expect(replies.map((reply) => reply.myVote).sort()).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(await counters()).toEqual({ up: 1, down: 0 });
    expect((await bob.api.question.byId({ qid: q.id })).myVote).toBe(1);
    expect((await reputation())! - before!).toBe(REPUTATION_POINTS.upvoteReceived);
  });

  it('the displayed count is upVotes minus downVotes, per user', async () => {
    const { world, bob, carol, q } = await setup();
    const dave = await world.signedIn('dave');
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    await carol.api.question.vote({ qid: q.id, vote: 'up' });
    await dave.api.question.vote({ qid: q.id, vote: 'down' });
    const detail = await carol.api.question.byId({ qid: q.id });
    expect(detail).toMatchObject({
      upVotes: ['bob', 'carol'],
      downVotes: ['dave'],
      myVote: 1,
      voteScore: 1,
    });
    const card = (await carol.api.question.list()).items[0];
    expect(card).toMatchObject({ upVoteCount: 2, downVoteCount: 1, voteScore: 1 });
  });

  it("refuses a vote on one's own question with a sentence: it would award the author points", async () => {
    const { alice, q, counters } = await setup();
    await expect(alice.api.question.vote({ qid: q.id, vote: 'up' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: reputationMessages.ownQuestion,
    });
    expect(await counters()).toEqual({ up: 0, down: 0 });
  });

  it('publishes voted with both lists and the counts', async () => {
    const { world, bob, q } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionChanged(),
    );
    await bob.api.question.vote({ qid: q.id, vote: 'down' });
    expect((await events.next()).data).toEqual({
      type: 'voted',
      qid: q.id,
      upVotes: [],
      downVotes: ['bob'],
      upVoteCount: 0,
      downVoteCount: 1,
      voteScore: -1,
      voteVersion: 1,
    });
    live.abort();
  });

  it("answers NOT_FOUND 'Question not found' for an unknown question", async () => {
    const { bob } = await setup();
    await expect(bob.api.question.vote({ qid: 999, vote: 'up' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Question not found',
    });
  });
});
