/** A user's vote on something: +1 up, -1 down, 0 none (SPEC §4). */
export type VoteValue = 1 | -1 | 0;

export interface VoteChange {
  /** The user's vote after this one. */
  after: VoteValue;
  /** What to do with the user's vote row. */
  row: 'insert' | 'update' | 'delete';
  /** How the up and down counters change. */
  upDelta: number;
  downDelta: number;
}

/**
 * Stack Overflow's toggle, the one rule for question and problem votes: voting the way you already
 * voted takes the vote back; voting the other way replaces it.
 */
export function toggleVote(before: VoteValue, wanted: 'up' | 'down'): VoteChange {
  const value = wanted === 'up' ? 1 : -1;
  const after: VoteValue = before === value ? 0 : value;
  return {
    after,
    row: after === 0 ? 'delete' : before === 0 ? 'insert' : 'update',
    upDelta: Number(after === 1) - Number(before === 1),
    downDelta: Number(after === -1) - Number(before === -1),
  };
}
