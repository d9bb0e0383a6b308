import { questionMessages, limitMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient } from './helpers';
import { ask, expectInvalid, questionInput, useClock } from './question-fixtures';

useClock();

// A post whose send timed out on the author's side may have been posted after all: the device sends
// the same post again with the same key, and the server posts a key once (issue 24, item 13).
const KEY = 'k3y-0f-0ne-p0st_ABCD';
const OTHER_KEY = 'an0ther-k3y-0f-a-p0st';

const questionCount = async (client: TestClient) => (await client.api.question.list()).total;
const answerTexts = async (client: TestClient, qid: number) =>
  (await client.api.question.byId({ qid })).answers.map((a) => a.text);
const commentTexts = async (client: TestClient, qid: number) =>
  (await client.api.question.byId({ qid })).comments.map((c) => c.text);

/** Both calls settled: the posts they were answered with, and the refusals. */
async function race<T>(calls: [Promise<T>, Promise<T>]) {
  const settled = await Promise.allSettled(calls);
  return {
    posted: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    refused: settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : [])),
  };
}

describe('a question sent again with its key is asked once', () => {
  it('the second send answers with the question asked first and publishes nothing', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const first = await alice.api.question.create(questionInput({ sendKey: KEY }));
    const again = await alice.api.question.create(questionInput({ sendKey: KEY }));
    expect(again.question).toEqual(first.question);
    expect(again.event).toBeNull();
    expect(await questionCount(alice)).toBe(1);
  });

  it('a new key, or no key, asks a new question', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await ask(alice, { sendKey: KEY });
    await ask(alice, { sendKey: OTHER_KEY });
    await ask(alice);
    await ask(alice);
    expect(await questionCount(alice)).toBe(4);
  });

  it('a key is its author’s own: another person’s same key asks theirs', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    await ask(alice, { sendKey: KEY });
    const bobs = await bob.api.question.create(questionInput({ sendKey: KEY }));
    expect(bobs.question.askedBy).toBe('bob');
    expect(bobs.event).not.toBeNull();
    expect(await questionCount(alice)).toBe(2);
  });

  it('two sends racing with one key ask once; a loser is told the post is being sent', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const { posted, refused } = await race([
      alice.api.question.create(questionInput({ sendKey: KEY })),
      alice.api.question.create(questionInput({ sendKey: KEY })),
    ]);
    expect(await questionCount(alice)).toBe(1);
    expect(new Set(posted.map((p) => p.question.id)).size).toBe(1);
    for (const reason of refused)
      expect(reason).toMatchObject({ code: 'CONFLICT', message: questionMessages.sentAlready });
  });

  it('a repeat does not use up the question limit', async () => {
    const world = await createTestWorld({ limits: { questions: { max: 1, windowMs: 60_000 } } });
    const alice = await world.signedIn('alice');
    await ask(alice, { sendKey: KEY });
    await expect(ask(alice, { sendKey: KEY })).resolves.toBeDefined();
    await expect(ask(alice, { sendKey: OTHER_KEY })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: limitMessages.questions,
    });
  });
});

describe('an answer sent again with its key is posted once', () => {
  it('the second send answers with the answer posted first and publishes nothing', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const first = await bob.api.answer.create({ qid: q.id, text: 'Use sort.', sendKey: KEY });
    const again = await bob.api.answer.create({ qid: q.id, text: 'Use sort.', sendKey: KEY });
    expect(again.answer).toEqual(first.answer);
    expect(again.event).toBeNull();
    expect(await answerTexts(alice, q.id)).toEqual(['Use sort.']);
    expect((await alice.api.question.byId({ qid: q.id })).answerCount).toBe(1);
  });

  it('a new key, or no key, posts a new answer', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'one', sendKey: KEY });
    await bob.api.answer.create({ qid: q.id, text: 'two', sendKey: OTHER_KEY });
    await bob.api.answer.create({ qid: q.id, text: 'three' });
    expect(await answerTexts(alice, q.id)).toHaveLength(3);
  });

  it('a key is its author’s own: another person’s same key posts theirs', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'from bob', sendKey: KEY });
    const alices = await alice.api.answer.create({ qid: q.id, text: 'from alice', sendKey: KEY });
    expect(alices.answer.ansBy).toBe('alice');
    expect(alices.event).not.toBeNull();
    expect(await answerTexts(alice, q.id)).toHaveLength(2);
  });

  it('a key already used on another question is refused (a key names one post)', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q1 = await ask(alice);
    const q2 = await ask(alice, { title: 'Another question about sorting' });
    await bob.api.answer.create({ qid: q1.id, text: 'Use sort.', sendKey: KEY });
    await expect(
      bob.api.answer.create({ qid: q2.id, text: 'Use sort.', sendKey: KEY }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: questionMessages.sentAlready });
    expect(await answerTexts(alice, q2.id)).toEqual([]);
  });

  it('two sends racing with one key post once', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const send = () => bob.api.answer.create({ qid: q.id, text: 'Use sort.', sendKey: KEY });
    const { posted, refused } = await race([send(), send()]);
    expect(await answerTexts(alice, q.id)).toEqual(['Use sort.']);
    expect(new Set(posted.map((p) => p.answer.id)).size).toBe(1);
    for (const reason of refused)
      expect(reason).toMatchObject({ code: 'CONFLICT', message: questionMessages.sentAlready });
  });

  it('a repeat does not use up the answer limit', async () => {
    const world = await createTestWorld({ limits: { answers: { max: 1, windowMs: 60_000 } } });
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    await bob.api.answer.create({ qid: q.id, text: 'Use sort.', sendKey: KEY });
    await expect(
      bob.api.answer.create({ qid: q.id, text: 'Use sort.', sendKey: KEY }),
    ).resolves.toBeDefined();
    await expect(
      bob.api.answer.create({ qid: q.id, text: 'Another.', sendKey: OTHER_KEY }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: limitMessages.answers });
  });
});

describe('a comment sent again with its key is posted once', () => {
  it('the second send answers with the comment posted first and publishes nothing', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const input = { type: 'question' as const, id: q.id, text: 'Which key?', sendKey: KEY };
    const first = await bob.api.comment.create(input);
    const again = await bob.api.comment.create(input);
    expect(again.comment).toEqual(first.comment);
    expect(again.event).toBeNull();
    expect(await commentTexts(alice, q.id)).toEqual(['Which key?']);
  });

  it('on an answer too: the second send answers with the first comment', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const { answer } = await bob.api.answer.create({ qid: q.id, text: 'Use sort.' });
    const input = { type: 'answer' as const, id: answer.id, text: 'Thanks!', sendKey: KEY };
    const first = await alice.api.comment.create(input);
    const again = await alice.api.comment.create(input);
    expect(again.comment).toEqual(first.comment);
    const detail = await alice.api.question.byId({ qid: q.id });
    expect(detail.answers[0]?.comments.map((c) => c.text)).toEqual(['Thanks!']);
  });

  it('a new key, or no key, posts a new comment', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    const on = { type: 'question' as const, id: q.id };
    await alice.api.comment.create({ ...on, text: 'one', sendKey: KEY });
    await alice.api.comment.create({ ...on, text: 'two', sendKey: OTHER_KEY });
    await alice.api.comment.create({ ...on, text: 'three' });
    expect(await commentTexts(alice, q.id)).toHaveLength(3);
  });

  it('a key is its author’s own: another person’s same key posts theirs', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const on = { type: 'question' as const, id: q.id, sendKey: KEY };
    await alice.api.comment.create({ ...on, text: 'from alice' });
    const bobs = await bob.api.comment.create({ ...on, text: 'from bob' });
    expect(bobs.comment.commentBy).toBe('bob');
    expect(bobs.event).not.toBeNull();
    expect(await commentTexts(alice, q.id)).toEqual(['from alice', 'from bob']);
  });

  it('two sends racing with one key post once', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    const send = () =>
      alice.api.comment.create({ type: 'question', id: q.id, text: 'Edit: typo', sendKey: KEY });
    const { posted, refused } = await race([send(), send()]);
    expect(await commentTexts(alice, q.id)).toEqual(['Edit: typo']);
    expect(new Set(posted.map((p) => p.comment.id)).size).toBe(1);
    for (const reason of refused)
      expect(reason).toMatchObject({ code: 'CONFLICT', message: questionMessages.sentAlready });
  });

  it('a repeat does not use up the comment limit', async () => {
    const world = await createTestWorld({ limits: { comments: { max: 1, windowMs: 60_000 } } });
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    const on = { type: 'question' as const, id: q.id };
    await alice.api.comment.create({ ...on, text: 'once', sendKey: KEY });
    await expect(
      alice.api.comment.create({ ...on, text: 'once', sendKey: KEY }),
    ).resolves.toBeDefined();
    await expect(
      alice.api.comment.create({ ...on, text: 'twice', sendKey: OTHER_KEY }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: limitMessages.comments });
  });
});

describe('a post’s key', () => {
  it('is refused when it is not 16–64 letters, digits, - or _', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    for (const sendKey of ['short', 'x'.repeat(65), 'has spaces in it!!', '']) {
      await expectInvalid(
        alice.api.question.create(questionInput({ sendKey })),
        questionMessages.invalidSendKey,
      );
      await expectInvalid(
        alice.api.answer.create({ qid: q.id, text: 'An answer', sendKey }),
        questionMessages.invalidSendKey,
      );
      await expectInvalid(
        alice.api.comment.create({ type: 'question', id: q.id, text: 'A comment', sendKey }),
        questionMessages.invalidSendKey,
      );
    }
    expect(await questionCount(alice)).toBe(1);
  });
});
