import { describe, expect, it } from 'vitest';
import { changed, diffSide, sameTagList, tagDiff, textDiff } from './textDiff';

describe('textDiff', () => {
  it('marks the words an edit removed and added, keeping the rest', () => {
    const parts = textDiff('Sort the users by name', 'Sort the users by last name');
    expect(parts.map((p) => p.kind)).toContain('added');
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.value.trim())).toEqual(['last']);
    expect(changed(parts)).toBe(true);
    expect(changed(textDiff('same', 'same'))).toBe(false);
  });

  it('marks a phrase as one change, not word by word around the spaces', () => {
    expect(textDiff('Sorting users by name', 'Sorting users alphabetically')).toEqual([
      { kind: 'same', value: 'Sorting users ' },
      { kind: 'removed', value: 'by name' },
      { kind: 'added', value: 'alphabetically' },
    ]);
  });

  it('shows re-indented code as lines removed and added', () => {
    const parts = textDiff('if (a) {\n  run();\n}\n', 'if (a) {\n    run();\n}\n');
    expect(parts).toEqual([
      { kind: 'same', value: 'if (a) {\n' },
      { kind: 'removed', value: '  run();\n' },
      { kind: 'added', value: '    run();\n' },
      { kind: 'same', value: '}\n' },
    ]);
  });

  it('gives each side of a side-by-side view its own whole text', () => {
    const before = 'const a = 1;\nreturn a;';
    const after = 'const b = 2;\nreturn b;';
    const parts = textDiff(before, after);
    expect(
      diffSide(parts, 'before')
        .map((p) => p.value)
        .join(''),
    ).toBe(before);
    expect(
      diffSide(parts, 'after')
        .map((p) => p.value)
        .join(''),
    ).toBe(after);
    expect(diffSide(parts, 'before').some((p) => p.kind === 'added')).toBe(false);
    expect(diffSide(parts, 'after').some((p) => p.kind === 'removed')).toBe(false);
  });
});

describe('tagDiff', () => {
  it('lists kept and removed tags in their order, then the added ones', () => {
    expect(tagDiff(['javascript', 'arrays'], ['JavaScript', 'sorting'])).toEqual([
      { kind: 'same', value: 'javascript' },
      { kind: 'removed', value: 'arrays' },
      { kind: 'added', value: 'sorting' },
    ]);
  });

  it('tells a reordered list from the same list', () => {
    expect(sameTagList(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTagList(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});
