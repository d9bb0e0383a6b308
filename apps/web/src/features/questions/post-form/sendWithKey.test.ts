import { describe, expect, it } from 'vitest';
import { sendForms, sendWithKey } from './sendWithKey';

// Posting from the Ask Question, answer and comment forms: each post is sent with a key, and a post
// whose send failed (a timeout may have reached the server after all) is sent again with the same
// key, so the server posts it once. The server is a stand-in that records the keys it was sent.

const TIMEOUT = 'The server did not answer in time. Please try again.';

function server() {
  const keys: string[] = [];
  return {
    keys,
    answers: (sendKey: string) => {
      keys.push(sendKey);
      return Promise.resolve({ sendKey });
    },
    timesOut: (sendKey: string) => {
      keys.push(sendKey);
      return Promise.reject(new Error(TIMEOUT));
    },
  };
}

const question = { title: 'Sorting objects?', text: 'By a key.', tags: ['javascript'] };

describe('sending a post with its key', () => {
  it('sends a new post with a fresh key, 128 random bits in base64url', async () => {
    const s = server();
    await sendWithKey(sendForms.question(), question, s.answers);
    await sendWithKey(sendForms.question(), { ...question, title: 'Another?' }, s.answers);
    expect(s.keys[0]).toMatch(/^[\w-]{22}$/);
    expect(s.keys[1]).toMatch(/^[\w-]{22}$/);
    expect(s.keys[1]).not.toBe(s.keys[0]);
  });

  it('sends a failed post again with the same key, and hands the failure to the form', async () => {
    const s = server();
    const form = sendForms.answer(12);
    const post = { qid: 12, text: 'Use sort.' };
    await expect(sendWithKey(form, post, s.timesOut)).rejects.toThrow(TIMEOUT);
    await expect(sendWithKey(form, post, s.timesOut)).rejects.toThrow(TIMEOUT);
    await expect(sendWithKey(form, post, s.answers)).resolves.toEqual({ sendKey: s.keys[0] });
    expect(new Set(s.keys).size).toBe(1);
  });

  it('forgets the key once the post went through: the same text again is a new post', async () => {
    const s = server();
    const form = sendForms.comment({ type: 'question', id: 5 });
    const post = { id: 5, type: 'question', text: '+1' };
    await expect(sendWithKey(form, post, s.timesOut)).rejects.toThrow(TIMEOUT);
    await sendWithKey(form, post, s.answers);
    await sendWithKey(form, post, s.answers);
    expect(s.keys[1]).toBe(s.keys[0]);
    expect(s.keys[2]).not.toBe(s.keys[0]);
  });

  it('gives a post changed after a failure a new key: it is another post', async () => {
    const s = server();
    const form = sendForms.answer(13);
    await expect(sendWithKey(form, { qid: 13, text: 'Use sort.' }, s.timesOut)).rejects.toThrow();
    await sendWithKey(form, { qid: 13, text: 'Use sort() with a compare function.' }, s.answers);
    expect(s.keys[1]).not.toBe(s.keys[0]);
  });

  it('keeps each form’s failed post apart: the same text elsewhere is another post', async () => {
    const s = server();
    const text = 'Thanks!';
    const onQuestion = sendForms.comment({ type: 'question', id: 7 });
    const onAnswer = sendForms.comment({ type: 'answer', id: 7 });
    await expect(sendWithKey(onQuestion, { text }, s.timesOut)).rejects.toThrow();
    await sendWithKey(onAnswer, { text }, s.answers);
    await sendWithKey(onQuestion, { text }, s.answers);
    expect(s.keys[1]).not.toBe(s.keys[0]);
    expect(s.keys[2]).toBe(s.keys[0]);
  });
});
