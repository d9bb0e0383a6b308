import { describe, expect, it } from 'vitest';
import { tagKey, voteScore } from './question';

describe('vote count (SPEC §4)', () => {
  it('is upVotes minus downVotes', () => {
    expect(voteScore(0, 0)).toBe(0);
    expect(voteScore(3, 1)).toBe(2);
    expect(voteScore(1, 4)).toBe(-3);
  });
});

describe('tag names compare case-insensitively', () => {
  it('gives one key to names that differ only in case, in any script', () => {
    expect(tagKey('React')).toBe(tagKey('react'));
    expect(tagKey('ÖSTERREICH')).toBe(tagKey('österreich'));
    expect(tagKey('c++')).not.toBe(tagKey('c#'));
  });
});
