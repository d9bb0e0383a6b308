import { describe, expect, it } from 'vitest';
import { insertTag, suggestTags, tokenAt, type SuggestableTag } from './tagSuggestions';

const tag = (id: number, name: string, qcnt: number): SuggestableTag => ({
  id,
  name,
  description: 'user added tag',
  qcnt,
});
const tags = [
  tag(1, 'javascript', 40),
  tag(2, 'java', 12),
  tag(3, 'JavaFX', 2),
  tag(4, 'react', 30),
  tag(5, 'rxjs', 3),
  tag(6, 'nodejs', 9),
];
const names = (list: SuggestableTag[]) => list.map((t) => t.name);

describe('tag suggestions', () => {
  it('suggests tags starting with the typed text first, most used first, then tags containing it', () => {
    expect(names(suggestTags(tags, 'ja'))).toEqual(['javascript', 'java', 'JavaFX']);
    expect(names(suggestTags(tags, 'JS'))).toEqual(['nodejs', 'rxjs']);
    expect(names(suggestTags(tags, 'r'))).toEqual(['react', 'rxjs', 'javascript']);
  });

  it('leaves out tags already in the field, in any case, and suggests nothing for nothing typed', () => {
    expect(names(suggestTags(tags, 'ja', ['JAVA']))).toEqual(['javascript', 'JavaFX']);
    expect(suggestTags(tags, '')).toEqual([]);
    expect(suggestTags(tags, '  ')).toEqual([]);
  });

  it('shows at most six', () => {
    const many = Array.from({ length: 10 }, (_, i) => tag(i, `t${i}`, i));
    expect(names(suggestTags(many, 't'))).toEqual(['t9', 't8', 't7', 't6', 't5', 't4']);
  });

  it('finds the word at the caret and replaces it with the chosen tag and a space', () => {
    const value = 'react ja hooks';
    const token = tokenAt(value, 8);
    expect(token).toEqual({ start: 6, end: 8, text: 'ja' });
    expect(insertTag(value, token, 'javascript')).toEqual({
      value: 'react javascript hooks',
      caret: 17,
    });
    const last = tokenAt('react no', 8);
    expect(insertTag('react no', last, 'nodejs')).toEqual({ value: 'react nodejs ', caret: 13 });
    expect(tokenAt('react ', 6)).toEqual({ start: 6, end: 6, text: '' });
  });
});
