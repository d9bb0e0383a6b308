import { questionMessages, type ListQuestionsInput } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient } from './helpers';
import { ask, questionInput, useClock } from './question-fixtures';

const clock = useClock();

const titles = async (client: TestClient, input?: ListQuestionsInput) =>
  (await client.api.question.list(input)).items.map((q) => q.title);

/** Three questions asked a minute apart: Q1 oldest, Q3 newest. */
async function threeQuestions() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const carol = await world.signedIn('carol');
  const q1 = await ask(alice, { title: 'Q1' });
  clock.tick();
  const q2 = await ask(bob, { title: 'Q2' });
  clock.tick();
  const q3 = await ask(carol, { title: 'Q3' });
  clock.tick();
  return { world, alice, bob, carol, q1, q2, q3 };
}

describe('question.list orders', () => {
  it('newest (the default) lists the most recently asked first', async () => {
    const { alice } = await threeQuestions();
    expect(await titles(alice)).toEqual(['Q3', 'Q2', 'Q1']);
    expect(await titles(alice, { order: 'newest' })).toEqual(['Q3', 'Q2', 'Q1']);
  });

  it('breaks ties in time by the higher id', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await ask(alice, { title: 'first' });
    await ask(alice, { title: 'second' });
    expect(await titles(alice)).toEqual(['second', 'first']);
  });

  it('unanswered lists only questions without answers, newest first', async () => {
    const { alice, q2 } = await threeQuestions();
    await alice.api.answer.create({ qid: q2.id, text: 'An answer' });
    expect(await titles(alice, { order: 'unanswered' })).toEqual(['Q3', 'Q1']);
    expect((await alice.api.question.list({ order: 'unanswered' })).total).toBe(2);
  });

  it('active moves a question up when it gets an answer', async () => {
    const { bob, q1 } = await threeQuestions();
    expect(await titles(bob, { order: 'active' })).toEqual(['Q3', 'Q2', 'Q1']);
    await bob.api.answer.create({ qid: q1.id, text: 'An answer' });
    expect(await titles(bob, { order: 'active' })).toEqual(['Q1', 'Q3', 'Q2']);
  });

  it('active moves a question up when it or one of its answers gets a comment', async () => {
    const { bob, carol, q1, q2 } = await threeQuestions();
    const { answer } = await bob.api.answer.create({ qid: q1.id, text: 'An answer' });
    clock.tick();
    await carol.api.comment.create({ id: q2.id, type: 'question', text: 'A comment' });
    expect(await titles(bob, { order: 'active' })).toEqual(['Q2', 'Q1', 'Q3']);
    clock.tick();
    await carol.api.comment.create({ id: answer.id, type: 'answer', text: 'On the answer' });
    expect(await titles(bob, { order: 'active' })).toEqual(['Q1', 'Q2', 'Q3']);
  });

  it("each card says what its last activity was: 'asked', 'answered' or 'commented'", async () => {
    const { bob, carol, q1, q2 } = await threeQuestions();
    const kinds = async () =>
      Object.fromEntries(
        (await bob.api.question.list({ order: 'active' })).items.map((q) => [
          q.title,
          q.lastActivityKind,
        ]),
      );
    expect(await kinds()).toEqual({ Q1: 'asked', Q2: 'asked', Q3: 'asked' });
    const { answer } = await bob.api.answer.create({ qid: q1.id, text: 'An answer' });
    clock.tick();
    await carol.api.comment.create({ id: q2.id, type: 'question', text: 'A comment' });
    expect(await kinds()).toEqual({ Q1: 'answered', Q2: 'commented', Q3: 'asked' });
    clock.tick();
    await carol.api.comment.create({ id: answer.id, type: 'answer', text: 'On the answer' });
    expect((await kinds()).Q1).toBe('commented');
    clock.tick();
    await carol.api.answer.create({ qid: q1.id, text: 'A later answer' });
    expect((await kinds()).Q1).toBe('answered');
  });

  it("active moves a question up when it or one of its answers is edited, and says 'modified'", async () => {
    const { alice, bob, carol, q1, q2, q3 } = await threeQuestions();
    const { answer } = await carol.api.answer.create({ qid: q2.id, text: 'An answer' });
    clock.tick();
    await alice.api.comment.create({ id: q3.id, type: 'question', text: 'A comment' });
    expect(await titles(bob, { order: 'active' })).toEqual(['Q3', 'Q2', 'Q1']);
    const cards = async () => (await bob.api.question.list({ order: 'active' })).items;

    const editedAt = clock.tick();
    await alice.api.question.update({ ...questionInput({ title: 'Q1 edited' }), qid: q1.id });
    const [first] = await cards();
    expect(first).toMatchObject({
      id: q1.id,
      lastActivityAt: editedAt,
      lastActivityKind: 'modified',
      askDateTime: q1.askDateTime,
    });
    expect((await cards()).map((q) => q.title)).toEqual(['Q1 edited', 'Q3', 'Q2']);

    const answerEditedAt = clock.tick();
    await carol.api.answer.update({ answerId: answer.id, text: 'A better answer' });
    expect(await cards()).toMatchObject([
      { id: q2.id, lastActivityAt: answerEditedAt, lastActivityKind: 'modified' },
      { id: q1.id, lastActivityKind: 'modified' },
      { id: q3.id, lastActivityKind: 'commented' },
    ]);
    // The Newest order does not move, but its cards carry the same last activity.
    expect((await bob.api.question.list({ order: 'newest' })).items[1]).toMatchObject({
      id: q2.id,
      lastActivityKind: 'modified',
    });

    // A later comment or answer is the latest activity again.
    clock.tick();
    await bob.api.comment.create({ id: answer.id, type: 'answer', text: 'Thanks' });
    expect((await cards())[0]).toMatchObject({ id: q2.id, lastActivityKind: 'commented' });
    clock.tick();
    await bob.api.answer.create({ qid: q1.id, text: 'Another answer' });
    expect((await cards())[0]).toMatchObject({ id: q1.id, lastActivityKind: 'answered' });
  });

  it('a vote or a view is not activity: the Active order and its cards stay as they were', async () => {
    const { alice, bob, carol, q1, q2 } = await threeQuestions();
    const activity = async () =>
      (await bob.api.question.list({ order: 'active' })).items.map((q) => ({
        title: q.title,
        lastActivityAt: q.lastActivityAt,
        lastActivityKind: q.lastActivityKind,
      }));
    const asked = await activity();
    clock.tick();
    await bob.api.question.view({ qid: q1.id });
    await carol.api.question.vote({ qid: q1.id, vote: 'up' });
    expect(await activity()).toEqual(asked);

    const { answer } = await alice.api.answer.create({ qid: q2.id, text: 'An answer' });
    const answered = await activity();
    expect(answered.map((q) => [q.title, q.lastActivityKind])).toEqual([
      ['Q2', 'answered'],
      ['Q3', 'asked'],
      ['Q1', 'asked'],
    ]);
    clock.tick();
    await bob.api.answer.vote({ answerId: answer.id, vote: 'up' });
    await carol.api.question.vote({ qid: q2.id, vote: 'down' });
    await carol.api.question.view({ qid: q2.id });
    await carol.api.question.view({ qid: q1.id });
    expect(await activity()).toEqual(answered);
  });

  it('mostViewed lists the most viewed first, ties by the higher id', async () => {
    const { alice, bob, carol, q1, q2 } = await threeQuestions();
    for (const viewer of [alice, bob, carol]) await viewer.api.question.view({ qid: q1.id });
    await alice.api.question.view({ qid: q2.id });
    expect(await titles(alice, { order: 'mostViewed' })).toEqual(['Q1', 'Q2', 'Q3']);
    await bob.api.question.view({ qid: q2.id });
    await carol.api.question.view({ qid: q2.id });
    expect(await titles(alice, { order: 'mostViewed' })).toEqual(['Q2', 'Q1', 'Q3']);
  });

  it('summarises each card: author, counts, votes and tags in the order given', async () => {
    const { alice, bob, q1 } = await threeQuestions();
    await bob.api.answer.create({ qid: q1.id, text: 'An answer' });
    await bob.api.question.view({ qid: q1.id });
    await bob.api.question.vote({ qid: q1.id, vote: 'down' });
    const card = (await alice.api.question.list({ order: 'active' })).items[0];
    expect(card).toMatchObject({
      id: q1.id,
      title: 'Q1',
      askedBy: 'alice',
      askDateTime: q1.askDateTime,
      answerCount: 1,
      viewCount: 1,
      upVoteCount: 0,
      downVoteCount: 1,
      voteScore: -1,
      tags: [{ id: expect.any(Number), name: 'javascript', description: 'user added tag' }],
    });
  });

  it('is readable without signing in', async () => {
    const { world } = await threeQuestions();
    expect((await world.client().api.question.list()).total).toBe(3);
  });
});

describe('question.list pagination', () => {
  async function manyQuestions(count: number) {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (let i = 1; i <= count; i++) {
      await ask(alice, { title: `Question ${i}` });
      if (i % 3) clock.tick(); // some share a time, so ties must page correctly too
    }
    return { world, alice };
  }

  it('two pages do not overlap, the cursor continues, and total counts every match', async () => {
    const { alice } = await manyQuestions(25);
    const first = await alice.api.question.list({ limit: 10 });
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(10);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await alice.api.question.list({ limit: 10, cursor: first.nextCursor });
    const third = await alice.api.question.list({ limit: 10, cursor: second.nextCursor });
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((q) => q.id);
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(second.total).toBe(25);
  });

  it('pages through Most Viewed across a group of equal view counts', async () => {
    const { world, alice } = await manyQuestions(12);
    const bob = await world.signedIn('bob');
    for (const qid of [3, 7, 11]) await bob.api.question.view({ qid });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof alice.api.question.list>> =
        await alice.api.question.list({
          order: 'mostViewed',
          limit: 4,
          cursor,
        });
      seen.push(...page.items.map((q) => q.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([11, 7, 3, 12, 10, 9, 8, 6, 5, 4, 2, 1]);
  });

  it('the last page has no next cursor even when it is full', async () => {
    const { alice } = await manyQuestions(4);
    const page = await alice.api.question.list({ limit: 4 });
    expect(page.items).toHaveLength(4);
    expect(page.nextCursor).toBeNull();
  });

  it("rejects a cursor that is not this order's with 'Invalid cursor'", async () => {
    const { alice } = await manyQuestions(3);
    const { nextCursor } = await alice.api.question.list({ limit: 1 });
    await expect(
      alice.api.question.list({ order: 'mostViewed', cursor: nextCursor }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: questionMessages.invalidCursor,
    });
    await expect(alice.api.question.list({ cursor: 'nonsense' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('question.list search and tag filter', () => {
  async function library() {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await ask(alice, {
      title: 'Sorting arrays in JavaScript',
      text: 'How do I sort numbers?',
      tags: ['javascript', 'arrays'],
    });
    await ask(alice, {
      title: 'React state updates',
      text: 'My component does not re-render after sorting.',
      tags: ['React', 'javascript'],
    });
    await ask(alice, {
      title: 'Window functions',
      text: 'ROW_NUMBER over a partition in SQLite',
      tags: ['sql'],
    });
    await ask(alice, {
      title: 'Streams in Node.js',
      text: 'Reading a file line by line',
      tags: ['node.js'],
    });
    return { world, alice };
  }

  it('matches words in the title or the text, case-insensitively and as prefixes', async () => {
    const { alice } = await library();
    expect(await titles(alice, { search: 'sort' })).toEqual([
      'React state updates',
      'Sorting arrays in JavaScript',
    ]);
    expect(await titles(alice, { search: 'PARTITION' })).toEqual(['Window functions']);
    expect(await titles(alice, { search: 'win' })).toEqual(['Window functions']);
  });

  it('needs every word to match', async () => {
    const { alice } = await library();
    expect(await titles(alice, { search: 'sort react' })).toEqual(['React state updates']);
    expect(await titles(alice, { search: 'sort sqlite' })).toEqual([]);
  });

  it('treats punctuation as the text does: "node.js" finds Node.js', async () => {
    const { alice } = await library();
    expect(await titles(alice, { search: 'node.js' })).toEqual(['Streams in Node.js']);
    expect(await titles(alice, { search: '"quoted" OR *' })).toEqual([]);
  });

  it('restricts by [tag] tokens, case-insensitively, all of them', async () => {
    const { alice } = await library();
    expect(await titles(alice, { search: '[JavaScript]' })).toEqual([
      'React state updates',
      'Sorting arrays in JavaScript',
    ]);
    expect(await titles(alice, { search: '[javascript] [react]' })).toEqual([
      'React state updates',
    ]);
    expect(await titles(alice, { search: '[javascript] [sql]' })).toEqual([]);
  });

  it('combines [tag] tokens and words', async () => {
    const { alice } = await library();
    expect(await titles(alice, { search: '[javascript] numbers' })).toEqual([
      'Sorting arrays in JavaScript',
    ]);
    const page = await alice.api.question.list({ search: '[javascript] sort' });
    expect(page.total).toBe(2);
  });

  it('filters by one tag name with the tag input', async () => {
    const { alice } = await library();
    expect(await titles(alice, { tag: 'react' })).toEqual(['React state updates']);
    expect(await titles(alice, { tag: 'NODE.JS' })).toEqual(['Streams in Node.js']);
  });

  it('finds nothing for more [tags] than a question can have', async () => {
    const { alice } = await library();
    const search = '[javascript] [react] [sql] [node.js] [arrays] [javascript2]';
    expect(await alice.api.question.list({ search })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('finds nothing for an unknown tag, with total 0', async () => {
    const { alice } = await library();
    expect(await alice.api.question.list({ tag: 'cobol' })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    expect((await alice.api.question.list({ search: '[cobol] sort' })).total).toBe(0);
  });

  it('counts matches in total and keeps the order within a search', async () => {
    const { alice } = await library();
    const unanswered = await alice.api.question.list({
      order: 'unanswered',
      search: '[javascript]',
    });
    expect(unanswered.total).toBe(2);
    const q = unanswered.items[0]!;
    await alice.api.answer.create({ qid: q.id, text: 'Answered' });
    const after = await alice.api.question.list({ order: 'unanswered', search: '[javascript]' });
    expect(after.total).toBe(1);
    expect(after.items.map((i) => i.id)).not.toContain(q.id);
  });

  it('finds a question by its words as soon as it is asked', async () => {
    const { alice } = await library();
    expect(await titles(alice, { search: 'memoization' })).toEqual([]);
    await ask(alice, { title: 'Memoization in Python', tags: ['python'] });
    expect(await titles(alice, { search: 'memoiz' })).toEqual(['Memoization in Python']);
  });
});

describe('question.list cache', () => {
  it('a list read before a new question shows it after', async () => {
    const { alice, bob } = await threeQuestions();
    const before = await alice.api.question.list();
    expect(before.total).toBe(3);
    await ask(bob, { title: 'Q4' });
    const after = await alice.api.question.list();
    expect(after.total).toBe(4);
    expect(after.items[0]?.title).toBe('Q4');
  });

  it('a view, a vote, an answer and a comment each show on the next read', async () => {
    const { alice, bob, q1 } = await threeQuestions();
    const card = async () =>
      (await alice.api.question.list({ order: 'active' })).items.find((q) => q.id === q1.id);
    expect(await card()).toMatchObject({ viewCount: 0, voteScore: 0, answerCount: 0 });
    await bob.api.question.view({ qid: q1.id });
    expect((await card())?.viewCount).toBe(1);
    await bob.api.question.vote({ qid: q1.id, vote: 'up' });
    expect((await card())?.voteScore).toBe(1);
    await bob.api.answer.create({ qid: q1.id, text: 'An answer' });
    expect((await card())?.answerCount).toBe(1);
    clock.tick();
    const before = (await card())?.lastActivityAt;
    await bob.api.comment.create({ id: q1.id, type: 'question', text: 'A comment' });
    expect((await card())?.lastActivityAt).not.toEqual(before);
  });

  it('hands out pages that callers cannot change for each other', async () => {
    const { alice } = await threeQuestions();
    const page = await alice.api.question.list();
    expect(Object.isFrozen(page.items[0])).toBe(true);
    expect(() => {
      (page.items as unknown as unknown[]).push(null);
    }).toThrow();
  });
});

describe('search with one-letter words', () => {
  it('matches a one-letter word as a whole word, not as a prefix', async () => {
    const world = await createTestWorld();
    const { api } = await world.signedIn('alice');
    await api.question.create({ title: 'Pointers in C', text: 'Arrays decay.', tags: ['c'] });
    await api.question.create({
      title: 'Closures',
      text: 'Captured variables.',
      tags: ['javascript'],
    });
    const found = await api.question.list({ search: 'c' });
    expect(found.items.map((q) => q.title)).toEqual(['Pointers in C']);
  });
});
