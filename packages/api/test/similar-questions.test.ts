import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

const clock = useClock();

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const titles = [
    'How do I sort an array of objects by a property?',
    'Sorting objects in JavaScript by date',
    'Why is my React component rendering twice?',
    'Sort an array of numbers in descending order',
    'How to parse JSON in Python?',
  ];
  const ids: Record<string, number> = {};
  for (const title of titles) {
    ids[title] = (
      await ask(alice, { title, text: 'Details follow in the body of the question.' })
    ).id;
    clock.tick();
  }
  return { world, alice, ids };
}

describe('question.similar', () => {
  it('suggests the questions that share the title’s telling words, best first', async () => {
    const { world, ids } = await setup();
    const similar = await world.client().api.question.similar({
      title: 'How can I sort an array of objects by their name property?',
    });
    expect(similar[0]?.id).toBe(ids['How do I sort an array of objects by a property?']);
    expect(similar.map((q) => q.title)).not.toContain('How to parse JSON in Python?');
    expect(similar[0]).toEqual({
      id: ids['How do I sort an array of objects by a property?'],
      title: 'How do I sort an array of objects by a property?',
      answerCount: 0,
      voteScore: 0,
      hasAcceptedAnswer: false,
    });
  });

  it('suggests at most five', async () => {
    const { world, alice } = await setup();
    for (let i = 0; i < 6; i++)
      await ask(alice, { title: `Another question about sorting arrays ${i}` });
    const similar = await world.client().api.question.similar({ title: 'sorting arrays' });
    expect(similar).toHaveLength(5);
  });

  it('suggests nothing for a title of common words only', async () => {
    const { world } = await setup();
    expect(await world.client().api.question.similar({ title: 'How do I do it?' })).toEqual([]);
  });

  it('never suggests a deleted question', async () => {
    const { world, alice, ids } = await setup();
    const gone = ids['Why is my React component rendering twice?']!;
    await alice.api.question.delete({ qid: gone });
    const similar = await world
      .client()
      .api.question.similar({ title: 'React component renders twice' });
    expect(similar.map((q) => q.id)).not.toContain(gone);
  });
});
