import { firstRow, questions } from '@app/db';
import { hyperlinkMessages, questionMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

describe('answer.create', () => {
  it('answers as the signed-in user, now, and bumps the answer count and last activity', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const at = clock.tick();
    const { answer } = await bob.api.answer.create({
      qid: q.id,
      text: 'Use Array.prototype.sort with a comparator.',
    });
    expect(answer).toEqual({
      id: expect.any(Number),
      text: 'Use Array.prototype.sort with a comparator.',
      ansBy: 'bob',
      ansDateTime: at,
      // A new answer: no votes, never edited.
      upVotes: [],
      downVotes: [],
      myVote: 0,
      voteScore: 0,
      voteVersion: 0,
      editedAt: null,
      revisionCount: 0,
      comments: [],
    });
    const row = await firstRow(world.db.select().from(questions).where(eq(questions.id, q.id)));
    expect(row).toMatchObject({ answerCount: 1, lastActivityAt: at });
  });

  it("rejects empty text with 'Answer text cannot be empty'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    await expectInvalid(
      alice.api.answer.create({ qid: q.id, text: '  ' }),
      'Answer text cannot be empty',
    );
  });

  it("rejects a malformed hyperlink with 'Invalid hyperlink format.'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    await expectInvalid(
      alice.api.answer.create({ qid: q.id, text: '[x](ftp://a)' }),
      hyperlinkMessages.invalid,
    );
  });

  it("answers NOT_FOUND 'Question not found' for an unknown question", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expect(alice.api.answer.create({ qid: 77, text: 'hello' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: questionMessages.questionNotFound,
    });
  });

  it('publishes answered with the answer, the new count and the activity time', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionChanged(),
    );
    const { answer } = await alice.api.answer.create({ qid: q.id, text: 'Self-answer' });
    expect((await events.next()).data).toEqual({
      type: 'answered',
      qid: q.id,
      answer,
      answerCount: 1,
      lastActivityAt: answer.ansDateTime,
    });
    live.abort();
  });
});

describe('comment.create', () => {
  it('comments on a question and on an answer as the signed-in user, bumping last activity', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const bob = await world.signedIn('bob');
    const q = await ask(alice);
    const { answer } = await alice.api.answer.create({ qid: q.id, text: 'An answer' });
    const onQuestionAt = clock.tick();
    const { comment: onQuestion } = await bob.api.comment.create({
      id: q.id,
      type: 'question',
      text: 'Which browser?',
    });
    expect(onQuestion).toEqual({
      id: expect.any(Number),
      text: 'Which browser?',
      commentBy: 'bob',
      commentDateTime: onQuestionAt,
    });
    const onAnswerAt = clock.tick();
    await bob.api.comment.create({ id: answer.id, type: 'answer', text: 'Thanks!' });
    const detail = await bob.api.question.byId({ qid: q.id });
    expect(detail.comments.map((c) => c.text)).toEqual(['Which browser?']);
    expect(detail.answers[0]?.comments.map((c) => c.text)).toEqual(['Thanks!']);
    expect(detail.lastActivityAt).toEqual(onAnswerAt);
  });

  it("rejects blank text with 'Comment text cannot be empty'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    await expectInvalid(
      alice.api.comment.create({ id: q.id, type: 'question', text: ' \t ' }),
      'Comment text cannot be empty',
    );
  });

  it('rejects a comment over the length limit', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    await expectInvalid(
      alice.api.comment.create({ id: q.id, type: 'question', text: 'x'.repeat(601) }),
      questionMessages.commentTooLong,
    );
  });

  it('answers NOT_FOUND when the question or answer does not exist', async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expect(
      alice.api.comment.create({ id: 5, type: 'question', text: 'hi' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: questionMessages.questionNotFound,
    });
    await expect(
      alice.api.comment.create({ id: 5, type: 'answer', text: 'hi' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: questionMessages.answerNotFound,
    });
  });

  it('publishes commented with the question, the parent and the comment', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    const { answer } = await alice.api.answer.create({ qid: q.id, text: 'An answer' });
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).question.onQuestionChanged(),
    );
    const { comment } = await alice.api.comment.create({
      id: answer.id,
      type: 'answer',
      text: 'Edit: fixed',
    });
    expect((await events.next()).data).toEqual({
      type: 'commented',
      qid: q.id,
      parent: { type: 'answer', id: answer.id },
      comment,
      lastActivityAt: comment.commentDateTime,
    });
    live.abort();
  });
});
