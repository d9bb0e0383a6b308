import { describe, expect, it } from 'vitest';
import { singleSearchTag } from './SearchSummary';

describe("a search's tag", () => {
  it('is named when the search is one [tag] and nothing else, so its description can show', () => {
    expect(singleSearchTag('[react]')).toBe('react');
    expect(singleSearchTag('  [react]  ')).toBe('react');
  });

  it('is none for words, several tags, a tag with words, or no search', () => {
    expect(singleSearchTag('hooks')).toBeNull();
    expect(singleSearchTag('[react] [redux]')).toBeNull();
    expect(singleSearchTag('[react] hooks')).toBeNull();
    expect(singleSearchTag('')).toBeNull();
    expect(singleSearchTag(undefined)).toBeNull();
  });
});
