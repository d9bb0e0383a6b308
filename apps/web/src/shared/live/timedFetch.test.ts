import { connectionMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { timedFetch } from './timedFetch';

/** A server that never answers: the request waits until it is aborted. */
const silent: typeof fetch = (_url, options) =>
  new Promise((_resolve, reject) => {
    options?.signal?.addEventListener('abort', () => reject(options.signal?.reason));
  });

describe('an action that gets no answer', () => {
  it('fails with a sentence once its time is up', async () => {
    const post = timedFetch(silent, { answerWithinMs: 30, codeRunWithinMs: 1000 });
    const started = Date.now();
    await expect(post('/trpc/message.send?batch=1', { method: 'POST' })).rejects.toThrow(
      connectionMessages.noAnswer,
    );
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('gives code runs longer', async () => {
    const post = timedFetch(silent, { answerWithinMs: 30, codeRunWithinMs: 300 });
    const started = Date.now();
    await expect(post('/trpc/problem.runTests?batch=1', { method: 'POST' })).rejects.toThrow(
      connectionMessages.noAnswer,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('lets reads wait, and passes answers through', async () => {
    let aborted = false;
    const read = timedFetch(
      (_url, options) =>
        new Promise((resolve) => {
          options?.signal?.addEventListener('abort', () => (aborted = true));
          setTimeout(() => resolve(new Response('ok')), 80);
        }),
      { answerWithinMs: 20 },
    );
    const response = await read('/trpc/question.byId?batch=1', { method: 'GET' });
    expect(await response.text()).toBe('ok');
    expect(aborted).toBe(false);
  });

  it('keeps a cancel by the caller a cancel, not a timeout', async () => {
    const controller = new AbortController();
    const post = timedFetch(silent, { answerWithinMs: 1000 });
    const sent = post('/trpc/message.send?batch=1', { method: 'POST', signal: controller.signal });
    controller.abort(new Error('cancelled'));
    await expect(sent).rejects.toThrow('cancelled');
  });
});
