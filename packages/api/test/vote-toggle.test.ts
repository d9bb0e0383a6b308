import { describe, expect, it } from 'vitest';
import { toggleVote } from '../src/core/vote-toggle';

describe('toggleVote: the one vote rule for questions and problems', () => {
  it.each([
    [0, 'up', { after: 1, row: 'insert', upDelta: 1, downDelta: 0 }],
    [0, 'down', { after: -1, row: 'insert', upDelta: 0, downDelta: 1 }],
    [1, 'up', { after: 0, row: 'delete', upDelta: -1, downDelta: 0 }],
    [-1, 'down', { after: 0, row: 'delete', upDelta: 0, downDelta: -1 }],
    [1, 'down', { after: -1, row: 'update', upDelta: -1, downDelta: 1 }],
    [-1, 'up', { after: 1, row: 'update', upDelta: 1, downDelta: -1 }],
  ] as const)('from %s, voting %s', (before, wanted, change) => {
    expect(toggleVote(before, wanted)).toEqual(change);
  });
});
