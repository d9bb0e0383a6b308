import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CODE_TEXT, codeText } from '../src';
import { textChange } from '../src/domains/games/text-change';
import { createTestWorld } from './helpers';
import { people } from './messaging-fixtures';
import { MANY_RUNS, postProblem } from './problem-fixtures';

/** No lone surrogate half, and no U+FFFD (what Yjs stores for each half of a split pair). */
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uFFFD/.test(text);

/** A Yjs text holding `before` as one stored item (so an edge inside a pair would split it). */
function sharedText(before: string) {
  const doc = new Y.Doc();
  const text = doc.getText(CODE_TEXT);
  text.insert(0, before);
  return text;
}

// '😀' (D83D DE00) and '😃' (D83D DE03) share their high surrogate: a naive diff's edge falls
// between the halves.
const EDITS: [name: string, before: string, after: string][] = [
  ['insert an emoji before one sharing its high surrogate', 'let s = "😀";', 'let s = "😃😀";'],
  ['insert an emoji after one sharing its high surrogate', 'let s = "😀";', 'let s = "😀😃";'],
  ['replace one emoji by another sharing its high surrogate', 'a 😀 b', 'a 😃 b'],
  ['replace between equal emoji on both sides', '😀😀😀', '😀😃😀'],
  ['delete an emoji next to one sharing its high surrogate', '// 😃😀 ok', '// 😀 ok'],
  ['delete the last emoji', 'x😀', 'x'],
  ['replace ASCII by an emoji and back', 'return 1;', 'return 😀;'],
];

describe('setCode: a whole new text becomes edits on whole code points', () => {
  it.each(EDITS)('%s: the text equals the target and is well-formed', (_name, before, after) => {
    expect(wellFormed(before) && wellFormed(after)).toBe(true);
    const change = textChange(before, after);
    expect(change).not.toBeNull();
    const text = sharedText(before);
    text.doc!.transact(() => {
      if (change!.remove > 0) text.delete(change!.start, change!.remove);
      if (change!.insert) text.insert(change!.start, change!.insert);
    });
    expect(text.toString()).toBe(after);
    expect(wellFormed(text.toString())).toBe(true);
    // The edges sit between code points of both texts.
    expect(wellFormed(before.slice(0, change!.start))).toBe(true);
    expect(wellFormed(change!.insert)).toBe(true);
  });

  it('changes nothing for the same text', () => {
    expect(textChange('😀', '😀')).toBeNull();
  });

  it('the legacy whole-text move keeps emoji whole in the stored document', async () => {
    const world = await createTestWorld({ limits: MANY_RUNS });
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const problem = await postProblem(carol);
    const { game } = await carol.api.game.createCollabCode({
      seatCreator: false,
      title: 'Emoji',
      isPrivate: false,
      problemId: problem.id,
      timeLimit: 10,
      playerLimit: 2,
    });
    const id = game.id;
    await alice.api.game.join({ id });
    await bob.api.game.join({ id });
    for (const [, before, after] of EDITS) {
      await alice.api.game.setCode({ id, code: before });
      await bob.api.game.setCode({ id, code: after });
      const stored = codeText((await alice.api.game.codeState({ id })).update);
      expect(stored).toBe(after);
      expect(wellFormed(stored)).toBe(true);
    }
  });
});
