import { firstRow, answers } from '@app/db';
import { reputationMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
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
  clock.tick();
  const { answer } = await bob.api.answer.create({ qid: q.id, text: 'Sort with a comparator.' });
  const counters = () =>
    firstRow(
      world.db
        .select({ up: answers.upVoteCount, down: answers.downVoteCount })
        .from(answers)
        .where(eq(answers.id, answer.id)),
    );
  return { world, alice, bob, carol, q, answer, counters };
}

describe('answer.vote', () => {
  it('an upvote adds the user to the answer upVotes and sets their vote to +1', async () => {
    const { carol, q, answer, counters } = await setup();
    const { myVote, event } = await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    expect(myVote).toBe(1);
    expect(event.payload).toEqual({
      type: 'answerVoted',
      qid: q.id,
      answerId: answer.id,
      upVotes: ['carol'],
      downVotes: [],
      upVoteCount: 1,
      downVoteCount: 0,
      voteScore: 1,
      voteVersion: 1,
    });
    expect(await counters()).toEqual({ up: 1, down: 0 });
    const page = await carol.api.question.byId({ qid: q.id });
    expect(page.answers[0]).toMatchObject({
      upVotes: ['carol'],
      downVotes: [],
      myVote: 1,
      voteScore: 1,
      voteVersion: 1,
    });
  });

  it('follows the toggle rule: the same vote again takes it back, the other way replaces it', async () => {
    const { carol, answer, counters } = await setup();
    const vote = (direction: 'up' | 'down') =>
      carol.api.answer.vote({ answerId: answer.id, vote: direction });
    expect((await vote('up')).myVote).toBe(1);
    expect((await vote('up')).myVote).toBe(0);
    expect(await counters()).toEqual({ up: 0, down: 0 });
    expect((await vote('down')).myVote).toBe(-1);
    expect(await counters()).toEqual({ up: 0, down: 1 });
    const switched = await vote('up');
    expect(switched.myVote).toBe(1);
    expect(switched.event.payload).toMatchObject({ upVotes: ['carol'], downVotes: [] });
    expect(await counters()).toEqual({ up: 1, down: 0 });
    expect((await vote('up')).myVote).toBe(0);
    expect((await vote('down')).myVote).toBe(-1);
    const back = await vote('down');
    expect(back.myVote).toBe(0);
    // Every change moved the vote version, so clients can order the states they receive.
    expect(back.event.payload).toMatchObject({ voteVersion: 7, voteScore: 0 });
  });

  it('keeps votes on answers apart from votes on the question and on other answers', async () => {
    const { alice, bob, carol, q, answer } = await setup();
    const other = (await carol.api.answer.create({ qid: q.id, text: 'Use localeCompare.' })).answer;
    await alice.api.answer.vote({ answerId: answer.id, vote: 'down' });
    await bob.api.answer.vote({ answerId: other.id, vote: 'up' });
    const page = await alice.api.question.byId({ qid: q.id });
    expect(page).toMatchObject({ upVotes: [], downVotes: [], voteScore: 0, myVote: 0 });
    const byId = new Map(page.answers.map((a) => [a.id, a]));
    expect(byId.get(answer.id)).toMatchObject({ downVotes: ['alice'], voteScore: -1, myVote: -1 });
    expect(byId.get(other.id)).toMatchObject({ upVotes: ['bob'], voteScore: 1, myVote: 0 });
  });

  it("refuses a vote on one's own answer with a sentence, as on one's own question", async () => {
    const { bob, answer } = await setup();
    await expect(bob.api.answer.vote({ answerId: answer.id, vote: 'up' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: reputationMessages.ownAnswer,
    });
  });

  it('publishes answerVoted on the question, the very event the vote answered with', async () => {
    const { world, carol, q, answer } = await setup();
    const live = new AbortController();
    const watcher = await world.signedIn('watcher');
    const events = await world.readEvents(
      watcher.listen(live.signal).question.onQuestionUpdated({ qid: q.id }),
    );
    const { event } = await carol.api.answer.vote({ answerId: answer.id, vote: 'down' });
    expect(await events.next()).toEqual({ id: event.id, data: event.payload });
    live.abort();
  });

  it("answers NOT_FOUND 'Answer not found' for an unknown answer", async () => {
    const { carol } = await setup();
    await expect(carol.api.answer.vote({ answerId: 999, vote: 'up' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Answer not found',
    });
  });

  it('needs a signed-in user', async () => {
    const { world, answer } = await setup();
    await expect(
      world.client().api.answer.vote({ answerId: answer.id, vote: 'up' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
