import { describe, expect, it } from 'vitest';
import { markdownToTree } from './markdownToTree';
import { plainTextTree } from './plainText';

/** A fixed sequence of pseudo-random numbers: the same texts every run. */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const PIECES = [
  'a',
  'Zed',
  'é',
  'ж',
  '7',
  ' ',
  ' ',
  '.',
  ',',
  ';',
  ':',
  '?',
  '!',
  "'",
  '"',
  '(',
  ')',
  '/',
  '%',
  '$',
  '@',
  '\n',
  '\n\n',
  '1. ',
  '- ',
  '*',
  '#',
  '&amp;',
  '  \n',
  '`',
];

describe('plain texts are formatted at once, as the worker would', () => {
  it('gives the worker’s own tree for texts without Markdown, and leaves the rest to it', async () => {
    const random = numbers(18);
    let formattedAtOnce = 0;
    for (let i = 0; i < 400; i += 1) {
      const length = 1 + Math.floor(random() * 12);
      const text = Array.from({ length }, () => PIECES[Math.floor(random() * PIECES.length)]).join(
        '',
      );
      const tree = plainTextTree(text);
      if (tree === null) continue;
      formattedAtOnce += 1;
      expect(tree, JSON.stringify(text)).toEqual(await markdownToTree(text, false));
      expect(tree, JSON.stringify(text)).toEqual(await markdownToTree(text, true));
    }
    expect(formattedAtOnce).toBeGreaterThan(40);
  });

  it('formats a plain comment at once and leaves Markdown to the worker', () => {
    expect(plainTextTree('Only in dev, though.')).toEqual([
      {
        type: 'element',
        tag: 'p',
        props: {},
        children: [{ type: 'text', value: 'Only in dev, though.' }],
      },
    ]);
    for (const text of [
      '**a**',
      'see [x](https://x.io)',
      '1. one',
      '    code',
      'a  \nb',
      'a &amp; b',
      'Title\n===',
    ]) {
      expect(plainTextTree(text), text).toBeNull();
    }
  });
});
