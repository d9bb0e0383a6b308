import { describe, expect, it } from 'vitest';
// The server's own toggle rule, imported as it is (as cross-process.bench.ts imports its Redis helper).
import { toggleVote, type VoteValue } from '../../packages/api/src/core/vote-toggle';
import { alternatingVotes, inTurn, pairsInTurn } from './in-turn';

describe('alternatingVotes', () => {
  it('casts a vote on each post first, then every request switches one: never a take-back', () => {
    const ids = [11, 12, 13];
    const next = alternatingVotes(ids);
    const votes = new Map<number, VoteValue>();
    const rows: string[] = [];
    for (let k = 0; k < ids.length * 5; k++) {
      const { id, vote } = next();
      const change = toggleVote(votes.get(id) ?? 0, vote);
      votes.set(id, change.after);
      rows.push(change.row);
    }
    expect(rows.slice(0, ids.length)).toEqual(['insert', 'insert', 'insert']);
    expect(rows.slice(ids.length).every((row) => row === 'update')).toBe(true);
  });

  it('comes back to a post only after every other one', () => {
    const next = alternatingVotes([1, 2, 3, 4]);
    expect(Array.from({ length: 8 }, () => next())).toEqual([
      { id: 1, vote: 'up' },
      { id: 2, vote: 'up' },
      { id: 3, vote: 'up' },
      { id: 4, vote: 'up' },
      { id: 1, vote: 'down' },
      { id: 2, vote: 'down' },
      { id: 3, vote: 'down' },
      { id: 4, vote: 'down' },
    ]);
  });
});

describe('inTurn and pairsInTurn', () => {
  it('go round the items in order', () => {
    const next = inTurn(['a', 'b']);
    expect([next(), next(), next()]).toEqual(['a', 'b', 'a']);
  });

  it('give every user and item pair once before any comes again', () => {
    const next = pairsInTurn(['u1', 'u2'], [1, 2, 3]);
    const pairs = Array.from({ length: 6 }, () => next().join(':'));
    expect(new Set(pairs).size).toBe(6);
    expect(next()).toEqual(['u1', 1]);
  });
});
