import { beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from './support/rest-test-client';
import { record, socketClients, until } from './support/socket-test-clients';
import { useTestServer } from './support/test-server';

// What the original client (SPEC §7) sees of deleted posts: its REST reads and socket events agree
// with the web app's, so a deleted question is gone from getQuestion and a deleted answer or
// comment from the question it was on.

const running = useTestServer();
const { mutate, signUp, open } = socketClients(running);

let alice: string;
let bob: string;

beforeAll(async () => {
  alice = await signUp('alice_del');
  bob = await signUp('bob_del');
});

async function askWithAnswer(title: string) {
  const { data } = await mutate<{ question: { id: number } }>(
    'question.create',
    { title, text: 'Some words about it.', tags: ['deletion'] },
    alice,
  );
  const qid = data.question.id;
  const answered = await mutate<{ answer: { id: number } }>(
    'answer.create',
    { qid, text: 'An answer to delete.' },
    bob,
  );
  return { qid, answerId: answered.data.answer.id };
}

describe('the original client', () => {
  it('no longer lists a deleted question, nor reads it by id', async () => {
    const { qid, answerId } = await askWithAnswer('Soon deleted');
    await mutate('answer.delete', { answerId }, bob);
    await mutate('question.delete', { qid }, alice);
    const rest = await signedUp(() => running.url, 'carol_del');
    const list = await rest.get('/question/getQuestion?order=newest&search=');
    expect(list.status).toBe(200);
    expect((list.json as { _id: string }[]).map((q) => q._id)).not.toContain(String(qid));
    expect((await rest.get(`/question/getQuestionById/${qid}?username=carol_del`)).status).toBe(
      404,
    );
  });

  it('reads a question without its deleted answer, and hears of it as a questionUpdate', async () => {
    const { qid, answerId } = await askWithAnswer('Keeps the question');
    const listener = record(await open());
    await mutate('answer.delete', { answerId }, bob);
    await until(() =>
      (listener.questionUpdate ?? []).some((q) => (q as { _id: string })._id === String(qid)),
    );
    const update = (listener.questionUpdate ?? []).find(
      (q) => (q as { _id: string })._id === String(qid),
    ) as { answers: unknown[] };
    expect(update.answers).toEqual([]);
    const rest = await signedUp(() => running.url, 'dave_del');
    const read = await rest.get(`/question/getQuestionById/${qid}?username=dave_del`);
    expect((read.json as { answers: unknown[] }).answers).toEqual([]);
  });

  it("hears a deleted comment as its parent's new comments", async () => {
    const { qid } = await askWithAnswer('Has a comment');
    const { data } = await mutate<{ comment: { id: number } }>(
      'comment.create',
      { type: 'question', id: qid, text: 'A comment to delete.' },
      bob,
    );
    const listener = record(await open());
    await mutate('comment.delete', { commentId: data.comment.id }, bob);
    await until(() => (listener.commentUpdate ?? []).length > 0);
    expect(listener.commentUpdate?.[0]).toMatchObject({
      type: 'question',
      result: { _id: String(qid), comments: [] },
    });
  });
});
