import { describe, expect, it } from 'vitest';
import { createVoteOrder, voteOf } from './votes';

describe('a vote state', () => {
  it('reads a vote', () => {
    expect(voteOf({ upVotes: ['a'], downVotes: ['b'] }, 'a')).toBe(1);
    expect(voteOf({ upVotes: ['a'], downVotes: ['b'] }, 'b')).toBe(-1);
    expect(voteOf({ upVotes: [], downVotes: [] }, 'a')).toBe(0);
  });
});

describe('vote states that race each other', () => {
  it('only a newer event may replace the vote state shown, per question', () => {
    const isNewer = createVoteOrder();
    expect(isNewer(1, 10)).toBe(true);
    expect(isNewer(1, 12)).toBe(true);
    // A vote's reply for version 11 arriving after the live event of version 12: too old to show.
    expect(isNewer(1, 11)).toBe(false);
    expect(isNewer(1, 12)).toBe(false);
    expect(isNewer(2, 11)).toBe(true);
  });
});
