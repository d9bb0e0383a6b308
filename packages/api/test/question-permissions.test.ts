import { authMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, questionInput, useClock } from './question-fixtures';

useClock();

describe('question permissions', () => {
  it('anonymous callers get UNAUTHORIZED on every question, answer and comment mutation', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const q = await ask(alice);
    const { answer } = await alice.api.answer.create({ qid: q.id, text: 'An answer' });
    const { api } = world.client();
    const calls = [
      api.question.create(questionInput()),
      api.question.view({ qid: q.id }),
      api.question.vote({ qid: q.id, vote: 'up' }),
      api.answer.create({ qid: q.id, text: 'Sneaky' }),
      api.comment.create({ id: q.id, type: 'question', text: 'Sneaky' }),
      api.comment.create({ id: answer.id, type: 'answer', text: 'Sneaky' }),
    ];
    for (const call of calls) {
      await expect(call).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: authMessages.notSignedIn,
      });
    }
    const detail = await api.question.byId({ qid: q.id });
    expect(detail).toMatchObject({ viewCount: 0, upVotes: [], answerCount: 1, comments: [] });
  });

  it('a session ended by logging out can no longer write', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const copied = world.client({ sessionId: alice.session.sessionId });
    await alice.api.auth.logout();
    await expect(copied.api.question.create(questionInput())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: authMessages.sessionEnded,
    });
  });
});
