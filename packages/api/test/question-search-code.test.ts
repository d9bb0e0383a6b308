import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

useClock();

// Posts are Markdown now; search still reads the text as written, so words inside code count.
describe('question.list search matches the words inside code', () => {
  it('finds a question by a word in its fenced code block or inline code', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await ask(alice, {
      title: 'Why does my reducer return undefined?',
      text: [
        'This returns `undefined` for the first call:',
        '',
        '```js',
        'const total = items.reduce((sum, item) => { sum + item.priceInCents; });',
        '```',
        '',
        'What am I missing?',
      ].join('\n'),
      tags: ['javascript'],
    });
    await ask(alice, { title: 'An unrelated question', tags: ['javascript'] });

    const titles = async (search: string) =>
      (await alice.api.question.list({ search })).items.map((q) => q.title);
    expect(await titles('priceInCents')).toEqual(['Why does my reducer return undefined?']);
    expect(await titles('reduce')).toEqual(['Why does my reducer return undefined?']);
    expect(await titles('undefined sum')).toEqual(['Why does my reducer return undefined?']);
  });
});
