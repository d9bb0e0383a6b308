import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

const clock = useClock();

describe('question.byId', () => {
  it('shows the question with its tags, comments and answers with theirs, oldest first', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const carol = await world.signedIn('carol');
    const q = await ask(alice, {
      title: 'Title',
      text: 'Body with [a link](https://example.com)',
      tags: ['sql', 'sqlite'],
    });
    clock.tick();
    await bob.api.comment.create({ id: q.id, type: 'question', text: 'First question comment' });
    clock.tick();
    const { answer: a1 } = await bob.api.answer.create({ qid: q.id, text: 'First answer' });
    clock.tick();
    const { answer: a2 } = await carol.api.answer.create({ qid: q.id, text: 'Second answer' });
    clock.tick();
    await alice.api.comment.create({ id: a2.id, type: 'answer', text: 'On the second answer' });
    clock.tick();
    await carol.api.comment.create({ id: a1.id, type: 'answer', text: 'On the first answer' });
    clock.tick();
    await carol.api.comment.create({ id: q.id, type: 'question', text: 'Second question comment' });

    const detail = await alice.api.question.byId({ qid: q.id });
    expect(detail).toMatchObject({
      id: q.id,
      title: 'Title',
      text: 'Body with [a link](https://example.com)',
      askedBy: 'alice',
      askDateTime: q.askDateTime,
      lastActivityAt: clock.now(),
      viewCount: 0,
      answerCount: 2,
      upVotes: [],
      downVotes: [],
      myVote: 0,
      voteScore: 0,
    });
    expect(detail.tags.map((t) => t.name)).toEqual(['sql', 'sqlite']);
    expect(detail.comments.map((c) => [c.text, c.commentBy])).toEqual([
      ['First question comment', 'bob'],
      ['Second question comment', 'carol'],
    ]);
    expect(detail.answers.map((a) => [a.text, a.ansBy, a.comments.map((c) => c.text)])).toEqual([
      ['First answer', 'bob', ['On the first answer']],
      ['Second answer', 'carol', ['On the second answer']],
    ]);
    expect(detail.answers[0]?.ansDateTime).toBeInstanceOf(Date);
  });

  it("answers NOT_FOUND 'Question not found' for an unknown qid", async () => {
    const { api } = (await createTestWorld()).client();
    await expect(api.question.byId({ qid: 999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Question not found',
    });
  });

  it('is readable without signing in, with myVote 0', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    const anonymous = await world.client().api.question.byId({ qid: q.id });
    expect(anonymous).toMatchObject({ upVotes: ['bob'], myVote: 0 });
  });

  it('still shows a deleted user under their username', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(bob);
    const { answer } = await alice.api.answer.create({ qid: q.id, text: 'Answering' });
    await alice.api.comment.create({ id: answer.id, type: 'answer', text: 'And commenting' });
    await alice.api.question.vote({ qid: q.id, vote: 'down' });
    const mine = await ask(alice);
    await alice.api.user.delete({ username: 'alice' });

    const detail = await bob.api.question.byId({ qid: q.id });
    expect(detail.askedBy).toBe('bob');
    expect(detail.answers[0]?.ansBy).toBe('alice');
    expect(detail.answers[0]?.comments[0]?.commentBy).toBe('alice');
    expect(detail.downVotes).toEqual(['alice']);
    expect((await bob.api.question.list()).items.find((item) => item.id === mine.id)?.askedBy).toBe(
      'alice',
    );
  });
});
