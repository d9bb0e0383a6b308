import { QUESTION_ORDERS, QUESTIONS_IN_FULL_MAX, questionsInFullMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

/** Four questions a minute apart, one answered (with a comment), one viewed, one voted on. */
async function fourQuestions() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const q1 = await ask(alice, { title: 'Sorting arrays', tags: ['javascript', 'arrays'] });
  clock.tick();
  const q2 = await ask(bob, { title: 'Parsing dates', tags: ['python'] });
  clock.tick();
  const q3 = await ask(alice, { title: 'Array of dates', tags: ['javascript'] });
  clock.tick();
  const q4 = await ask(bob, { title: 'Another question', tags: ['go'] });
  clock.tick();
  const { answer } = await bob.api.answer.create({ qid: q1.id, text: 'Use sort.' });
  await alice.api.comment.create({ id: answer.id, type: 'answer', text: 'Thanks.' });
  await alice.api.comment.create({ id: q1.id, type: 'question', text: 'Which browser?' });
  await bob.api.question.view({ qid: q2.id });
  await bob.api.question.vote({ qid: q3.id, vote: 'up' });
  await (await world.signedIn('carol')).api.question.vote({ qid: q3.id, vote: 'down' });
  return { world, alice, bob, qids: [q1.id, q2.id, q3.id, q4.id] };
}

describe("the original client's unpaged list (question.listIds, question.inFull)", () => {
  it('lists every question of each order and search in the pages’ order', async () => {
    const { alice } = await fourQuestions();
    for (const order of QUESTION_ORDERS) {
      for (const search of [undefined, 'array', '[javascript]', '[javascript] dates']) {
        const page = await alice.api.question.list({ order, search, limit: 100 });
        expect(await alice.api.question.listIds({ order, search })).toEqual(
          page.items.map((item) => item.id),
        );
      }
    }
    expect(await alice.api.question.listIds({ order: 'newest', search: '[no-such-tag]' })).toEqual(
      [],
    );
  });

  it('reads whole questions as their pages show them, in the order asked for', async () => {
    const { world, alice, qids } = await fourQuestions();
    const anonymous = world.client();
    const wanted = [...qids].reverse();
    const full = await anonymous.api.question.inFull({ qids: [...wanted, 999] });
    expect(full.map((question) => question.id)).toEqual(wanted);
    for (const question of full) {
      const page = await alice.api.question.byId({ qid: question.id });
      expect(question).toEqual({
        id: page.id,
        title: page.title,
        text: page.text,
        tags: page.tags,
        askedBy: page.askedBy,
        askDateTime: page.askDateTime,
        upVotes: page.upVotes,
        downVotes: page.downVotes,
        viewCount: page.viewCount,
        comments: page.comments,
        answers: page.answers.map((answer) => ({
          id: answer.id,
          text: answer.text,
          ansBy: answer.ansBy,
          ansDateTime: answer.ansDateTime,
          comments: answer.comments,
        })),
      });
    }
    const [q1] = full.slice(-1);
    expect(q1?.answers[0]?.comments.map((comment) => comment.text)).toEqual(['Thanks.']);
  });

  it('reads a bounded number of questions per call', async () => {
    const { alice } = await fourQuestions();
    const tooMany = Array.from({ length: QUESTIONS_IN_FULL_MAX + 1 }, (_, i) => i + 1);
    await expectInvalid(
      alice.api.question.inFull({ qids: tooMany }),
      questionsInFullMessages.tooMany,
    );
  });
});
