import { describe, expect, it } from 'vitest';
import { charactersLeft, searchResultsTitle, tagsCounterText } from './post-forms';

describe('post form counters', () => {
  it('says how many characters are left, in singular and plural, and how many too many', () => {
    expect(charactersLeft(95, 100)).toBe('5 characters left');
    expect(charactersLeft(99, 100)).toBe('1 character left');
    expect(charactersLeft(100, 100)).toBe('0 characters left');
    expect(charactersLeft(101, 100)).toBe('1 character too many');
    expect(charactersLeft(103, 100)).toBe('3 characters too many');
  });

  it('counts tags against the limit of 5 and names a tag past 20 characters', () => {
    expect(tagsCounterText(['a', 'b', 'c', 'd'], null)).toBe('4 of 5 tags');
    expect(tagsCounterText(['a', 'b', 'c', 'd', 'e', 'f'], null)).toBe('6 tags: at most 5');
    expect(tagsCounterText(['a'], 'x'.repeat(21))).toBe(
      `“${'x'.repeat(21)}” is 1 character too long (at most 20)`,
    );
  });
});

describe('search heading', () => {
  it("keeps SPEC §2's 'Search Results' and follows it with the query", () => {
    expect(searchResultsTitle('[react] hooks')).toBe('Search Results for “[react] hooks”');
  });
});
