import { questionRevisions } from '@app/db';
import {
  authMessages,
  editMessages,
  hyperlinkMessages,
  questionMessages,
  type ListQuestionsInput,
} from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient } from './helpers';
import { ask, expectInvalid, questionInput, useClock } from './question-fixtures';

const clock = useClock();

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const q = await ask(alice, {
    title: 'How do I sort objects?',
    text: 'I have users and want them ordered by name.',
    tags: ['javascript', 'arrays'],
  });
  clock.tick();
  const { answer } = await bob.api.answer.create({ qid: q.id, text: 'Use a comparator.' });
  return { world, alice, bob, q, answer };
}

const edit = (overrides: Partial<ReturnType<typeof questionInput>> & { qid: number }) => ({
  ...questionInput({
    title: 'How do I sort objects?',
    text: 'I have users and want them ordered by name.',
    tags: ['javascript', 'arrays'],
  }),
  ...overrides,
});

const titles = async (client: TestClient, input: ListQuestionsInput) =>
  (await client.api.question.list(input)).items.map((item) => item.title);

describe('question.update', () => {
  it('lets the asker change title, text and tags, and publishes the new values', async () => {
    const { world, alice, q } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionUpdated({
        qid: q.id,
      }),
    );
    const at = clock.tick();
    const { question, event } = await alice.api.question.update(
      edit({
        qid: q.id,
        title: 'How do I sort objects by a key?',
        text: 'Ordered by last name, then first name.',
        tags: ['javascript', 'sorting'],
      }),
    );
    expect(question).toMatchObject({
      qid: q.id,
      title: 'How do I sort objects by a key?',
      editedAt: at,
      revisionCount: 1,
    });
    expect(event.payload).toMatchObject({
      type: 'edited',
      qid: q.id,
      title: 'How do I sort objects by a key?',
      text: 'Ordered by last name, then first name.',
      editedAt: at,
      revisionCount: 1,
      lastActivityAt: at,
    });
    expect(question.tags.map((tag) => tag.name)).toEqual(['javascript', 'sorting']);
    expect(await events.next()).toEqual({ id: event.id, data: event.payload });
    live.abort();

    const page = await world.client().api.question.byId({ qid: q.id });
    expect(page).toMatchObject({
      title: 'How do I sort objects by a key?',
      text: 'Ordered by last name, then first name.',
      askedBy: 'alice',
      editedAt: at,
      revisionCount: 1,
      // An edit is the question's latest activity (the Active order, 'active 1 minute ago').
      lastActivityAt: at,
    });
    expect(page.tags.map((tag) => tag.name)).toEqual(['javascript', 'sorting']);
  });

  it('keeps a revision of every edit: who, when, the values before and after', async () => {
    const { world, alice, q } = await setup();
    const first = clock.tick();
    await alice.api.question.update(edit({ qid: q.id, title: 'Sorting objects by name' }));
    const second = clock.tick();
    await alice.api.question.update(
      edit({ qid: q.id, title: 'Sorting objects by name', tags: ['typescript'] }),
    );
    // Anyone may read the history, signed in or not.
    const history = await world.client().api.question.revisions({ qid: q.id });
    expect(history).toMatchObject({
      qid: q.id,
      title: 'Sorting objects by name',
      askedBy: 'alice',
    });
    expect(history.revisions).toEqual([
      {
        number: 2,
        editedBy: 'alice',
        editedAt: second,
        before: {
          title: 'Sorting objects by name',
          text: 'I have users and want them ordered by name.',
          tags: ['javascript', 'arrays'],
        },
        after: {
          title: 'Sorting objects by name',
          text: 'I have users and want them ordered by name.',
          tags: ['typescript'],
        },
      },
      {
        number: 1,
        editedBy: 'alice',
        editedAt: first,
        before: {
          title: 'How do I sort objects?',
          text: 'I have users and want them ordered by name.',
          tags: ['javascript', 'arrays'],
        },
        after: {
          title: 'Sorting objects by name',
          text: 'I have users and want them ordered by name.',
          tags: ['javascript', 'arrays'],
        },
      },
    ]);
  });

  it('forbids anyone but the asker to edit, and changes nothing then', async () => {
    const { world, bob, q } = await setup();
    await expect(
      bob.api.question.update(edit({ qid: q.id, title: 'Hijacked title' })),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the person who asked a question can edit it.',
    });
    expect((await bob.api.question.byId({ qid: q.id })).title).toBe('How do I sort objects?');
    expect(await world.db.select().from(questionRevisions)).toEqual([]);
  });

  it('needs a signed-in user, and answers NOT_FOUND for an unknown question', async () => {
    const { world, alice, q } = await setup();
    await expect(
      world.client().api.question.update(edit({ qid: q.id, title: 'New' })),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: authMessages.notSignedIn });
    await expect(alice.api.question.update(edit({ qid: 999, title: 'New' }))).rejects.toMatchObject(
      { code: 'NOT_FOUND', message: questionMessages.questionNotFound },
    );
  });

  it('checks an edit as it checks a new question, in the same words', async () => {
    const { alice, q } = await setup();
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, title: '  ' })),
      'Title cannot be empty',
    );
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, title: 'x'.repeat(101) })),
      'Title cannot be more than 100 characters',
    );
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, text: '' })),
      'Question text cannot be empty',
    );
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, text: 'See [docs](http://example.com)' })),
      hyperlinkMessages.invalid,
    );
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, tags: [] })),
      'Should have at least 1 tag',
    );
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, tags: ['a', 'b', 'c', 'd', 'e', 'f'] })),
      'Cannot have more than 5 tags',
    );
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, tags: ['x'.repeat(21)] })),
      'New tag length cannot be more than 20',
    );
  });

  it('refuses an edit that changes nothing (tag names compare without case)', async () => {
    const { alice, q } = await setup();
    await expectInvalid(alice.api.question.update(edit({ qid: q.id })), editMessages.noChanges);
    await expectInvalid(
      alice.api.question.update(edit({ qid: q.id, tags: ['JavaScript', 'ARRAYS'] })),
      editMessages.noChanges,
    );
    // Tags in another order are a change: the author's order is kept.
    const { question } = await alice.api.question.update(
      edit({ qid: q.id, tags: ['arrays', 'javascript'] }),
    );
    expect(question.tags.map((tag) => tag.name)).toEqual(['arrays', 'javascript']);
  });

  it('leaves comments, answers and votes as they were', async () => {
    const { alice, bob, q, answer } = await setup();
    await bob.api.comment.create({ type: 'question', id: q.id, text: 'Which language?' });
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    await alice.api.question.update(edit({ qid: q.id, text: 'In JavaScript, by name.' }));
    const page = await bob.api.question.byId({ qid: q.id });
    expect(page.comments.map((c) => c.text)).toEqual(['Which language?']);
    expect(page.answers.map((a) => a.id)).toEqual([answer.id]);
    expect(page).toMatchObject({ upVotes: ['bob'], myVote: 1, answerCount: 1 });
  });

  it('search, tag lists and tag counts follow the edit', async () => {
    const { alice, q } = await setup();
    expect(await titles(alice, { search: 'ordered' })).toEqual(['How do I sort objects?']);
    await alice.api.question.update(
      edit({
        qid: q.id,
        title: 'Sorting records alphabetically',
        text: 'Collation matters here.',
        tags: ['javascript', 'collation'],
      }),
    );
    expect(await titles(alice, { search: 'ordered' })).toEqual([]);
    // The cached match count went with the edit too.
    expect((await alice.api.question.list({ search: 'ordered' })).total).toBe(0);
    expect(await titles(alice, { search: 'users' })).toEqual([]);
    expect(await titles(alice, { search: 'collation alphabetically' })).toEqual([
      'Sorting records alphabetically',
    ]);
    expect(await titles(alice, { tag: 'arrays' })).toEqual([]);
    expect(await titles(alice, { tag: 'collation' })).toEqual(['Sorting records alphabetically']);
    const counts = Object.fromEntries(
      (await alice.api.tag.list()).map((tag) => [tag.name, tag.qcnt]),
    );
    expect(counts).toMatchObject({ javascript: 1, arrays: 0, collation: 1 });
  });
});

describe('answer.update', () => {
  it("lets the answer's author change its text, with a revision and a live event", async () => {
    const { world, bob, q, answer } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionUpdated({
        qid: q.id,
      }),
    );
    const at = clock.tick();
    const { event } = await bob.api.answer.update({
      answerId: answer.id,
      text: 'Use a comparator with localeCompare.',
    });
    expect(event.payload).toEqual({
      type: 'answerEdited',
      qid: q.id,
      answerId: answer.id,
      text: 'Use a comparator with localeCompare.',
      editedAt: at,
      revisionCount: 1,
      lastActivityAt: at,
    });
    expect(await events.next()).toEqual({ id: event.id, data: event.payload });
    live.abort();

    const page = await world.client().api.question.byId({ qid: q.id });
    expect(page.answers[0]).toMatchObject({
      text: 'Use a comparator with localeCompare.',
      ansBy: 'bob',
      editedAt: at,
      revisionCount: 1,
    });
    expect(page.lastActivityAt).toEqual(at);
    expect(await world.client().api.answer.revisions({ answerId: answer.id })).toEqual({
      qid: q.id,
      questionTitle: 'How do I sort objects?',
      answerId: answer.id,
      ansBy: 'bob',
      ansDateTime: answer.ansDateTime,
      revisions: [
        {
          number: 1,
          editedBy: 'bob',
          editedAt: at,
          before: { text: 'Use a comparator.' },
          after: { text: 'Use a comparator with localeCompare.' },
        },
      ],
    });
  });

  it("forbids anyone but the answer's author to edit it, the asker included", async () => {
    const { world, alice, answer } = await setup();
    const carol = await world.signedIn('carol');
    for (const client of [alice, carol]) {
      await expect(
        client.api.answer.update({ answerId: answer.id, text: 'Rewritten by someone else.' }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only the person who wrote an answer can edit it.',
      });
    }
    expect((await alice.api.answer.revisions({ answerId: answer.id })).revisions).toEqual([]);
  });

  it('checks an edit as it checks a new answer, and refuses one that changes nothing', async () => {
    const { bob, answer } = await setup();
    await expectInvalid(
      bob.api.answer.update({ answerId: answer.id, text: ' ' }),
      'Answer text cannot be empty',
    );
    await expectInvalid(
      bob.api.answer.update({ answerId: answer.id, text: '[x](https://)' }),
      hyperlinkMessages.invalid,
    );
    await expectInvalid(
      bob.api.answer.update({ answerId: answer.id, text: '  Use a comparator.  ' }),
      editMessages.noChanges,
    );
  });

  it('keeps the answer votes and comments', async () => {
    const { alice, bob, q, answer } = await setup();
    await alice.api.answer.vote({ answerId: answer.id, vote: 'up' });
    await alice.api.comment.create({ type: 'answer', id: answer.id, text: 'Thanks!' });
    await bob.api.answer.update({ answerId: answer.id, text: 'Use Array.prototype.sort.' });
    const [edited] = (await alice.api.question.byId({ qid: q.id })).answers;
    expect(edited).toMatchObject({ upVotes: ['alice'], myVote: 1, voteScore: 1 });
    expect(edited?.comments.map((c) => c.text)).toEqual(['Thanks!']);
  });

  it("answers NOT_FOUND 'Answer not found' for an unknown answer", async () => {
    const { world, bob } = await setup();
    await expect(bob.api.answer.update({ answerId: 999, text: 'New text.' })).rejects.toMatchObject(
      { code: 'NOT_FOUND', message: 'Answer not found' },
    );
    await expect(world.client().api.answer.revisions({ answerId: 999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Answer not found',
    });
    await expect(world.client().api.question.revisions({ qid: 999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Question not found',
    });
  });
});
