import { moderatorActions, users } from '@app/db';
import { closeMessages } from '@app/validators';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

const clock = useClock();

async function withReputation(world: TestWorld, names: string[], reputation: number) {
  await world.db.update(users).set({ reputation }).where(inArray(users.username, names));
}

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const voters = await Promise.all(['v1', 'v2', 'v3'].map((name) => world.signedIn(name)));
  await withReputation(world, ['v1', 'v2', 'v3'], 500);
  const original = await ask(alice, { title: 'How do I sort an array of numbers?' });
  clock.tick();
  const copy = await ask(alice, { title: 'Sorting numbers in an array' });
  return { world, alice, voters, original, copy };
}

describe('closing a question as a duplicate', () => {
  it('takes three votes from users with 500 reputation, then shows the original', async () => {
    const { world, voters, original, copy } = await setup();
    const [v1, v2, v3] = voters;
    const first = await v1!.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id });
    expect(first.closure).toEqual({
      closedAt: null,
      duplicateOf: null,
      closeVotes: 1,
      reopenVotes: 0,
    });
    await v2!.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id });
    const at = clock.tick();
    const { event } = await v3!.api.question.voteToClose({
      qid: copy.id,
      duplicateOf: original.id,
    });
    expect(event.payload).toEqual({
      type: 'closure',
      qid: copy.id,
      closure: {
        closedAt: at,
        duplicateOf: { id: original.id, title: 'How do I sort an array of numbers?' },
        closeVotes: 0,
        reopenVotes: 0,
      },
    });
    expect((await world.client().api.question.byId({ qid: copy.id })).closure.duplicateOf?.id).toBe(
      original.id,
    );
  });

  it('stops new answers, with a sentence', async () => {
    const { world, voters, original, copy } = await setup();
    for (const voter of voters)
      await voter.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id });
    const bob = await world.signedIn('bob');
    await expect(
      bob.api.answer.create({ qid: copy.id, text: 'Late answer.' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: closeMessages.closedNoAnswers,
    });
  });

  it('refuses a voter below the reputation the setting asks', async () => {
    const { world, original, copy } = await setup();
    const newcomer = await world.signedIn('newcomer');
    await expect(
      newcomer.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: closeMessages.needsReputation(500) });
  });

  it('shows each reader the votes so far and only their own pending vote', async () => {
    const { world, voters, original, copy } = await setup();
    await voters[0]!.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id });
    const voterPage = await voters[0]!.api.question.byId({ qid: copy.id });
    expect(voterPage.myClosureVote).toBe('close');
    expect(voterPage.closure).toMatchObject({ closedAt: null, closeVotes: 1, reopenVotes: 0 });
    expect((await voters[1]!.api.question.byId({ qid: copy.id })).myClosureVote).toBeNull();
    expect((await world.client().api.question.byId({ qid: copy.id })).myClosureVote).toBeNull();
  });

  it('counts one vote per user, and never a question as its own duplicate', async () => {
    const { voters, original, copy } = await setup();
    await voters[0]!.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id });
    await expect(
      voters[0]!.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: closeMessages.alreadyVoted });
    await expect(
      voters[1]!.api.question.voteToClose({ qid: copy.id, duplicateOf: copy.id }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: closeMessages.notItself });
  });

  it("closes at once on a moderator's vote, written to the audit log, and reopens the same way", async () => {
    const { world, original, copy } = await setup();
    const mod = await world.signedIn('mod');
    await world.db.update(users).set({ role: 'moderator' }).where(eq(users.username, 'mod'));
    const closed = await mod.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id });
    expect(closed.closure.closedAt).not.toBeNull();
    const reopened = await mod.api.question.voteToReopen({ qid: copy.id });
    expect(reopened.closure.closedAt).toBeNull();
    const log = await world.db.select().from(moderatorActions);
    expect(log.map((row) => row.action)).toEqual(['close', 'reopen']);
  });

  it('reopens after three reopen votes', async () => {
    const { voters, original, copy } = await setup();
    for (const voter of voters)
      await voter.api.question.voteToClose({ qid: copy.id, duplicateOf: original.id });
    await voters[0]!.api.question.voteToReopen({ qid: copy.id });
    await voters[1]!.api.question.voteToReopen({ qid: copy.id });
    const { closure } = await voters[2]!.api.question.voteToReopen({ qid: copy.id });
    expect(closure).toEqual({ closedAt: null, duplicateOf: null, closeVotes: 0, reopenVotes: 0 });
  });
});
