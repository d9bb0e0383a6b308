import { describe, expect, it } from 'vitest';
import {
  compareSubmissions,
  DEFAULT_LEADERBOARD_ORDER,
  insertSubmission,
  leaderboardInputOf,
  leaderboardKb,
  leaderboardMs,
  linesLabel,
  nextLeaderboardOrder,
  type LeaderboardOrder,
} from './leaderboardOrder';
import type { SubmissionRow } from './problemTypes';

const T0 = new Date('2025-01-01T00:00:00Z').getTime();
const row = (id: number, extra: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id,
  problemId: 1,
  submissionBy: `user${id}`,
  createdAt: new Date(T0 + id * 60_000),
  lineCount: 3,
  codeLength: 60,
  runTime: 400_000,
  heapUse: 180_000,
  ...extra,
});
const ids = (rows: readonly SubmissionRow[]) => rows.map((r) => r.id);

describe('leaderboard order (SPEC §2)', () => {
  it('starts at date descending; re-clicking flips, another column starts descending', () => {
    expect(DEFAULT_LEADERBOARD_ORDER).toEqual({ sort: 'date', direction: 'desc' });
    const asc = nextLeaderboardOrder(DEFAULT_LEADERBOARD_ORDER, 'date');
    expect(asc).toEqual({ sort: 'date', direction: 'asc' });
    expect(nextLeaderboardOrder(asc, 'date')).toEqual({ sort: 'date', direction: 'desc' });
    expect(nextLeaderboardOrder(asc, 'runTime')).toEqual({ sort: 'runTime', direction: 'desc' });
    expect(nextLeaderboardOrder({ sort: 'heapUse', direction: 'desc' }, 'heapUse')).toEqual({
      sort: 'heapUse',
      direction: 'asc',
    });
  });

  it('sorts by the column, then by id in the same direction', () => {
    const rows = [
      row(1, { runTime: 300 }),
      row(2, { runTime: 100 }),
      row(3, { runTime: 300 }),
      row(4, { runTime: 200 }),
    ];
    const asc: LeaderboardOrder = { sort: 'runTime', direction: 'asc' };
    expect(ids([...rows].sort((a, b) => compareSubmissions(asc, a, b)))).toEqual([2, 4, 1, 3]);
    const desc: LeaderboardOrder = { sort: 'runTime', direction: 'desc' };
    expect(ids([...rows].sort((a, b) => compareSubmissions(desc, a, b)))).toEqual([3, 1, 4, 2]);
    const byCode: LeaderboardOrder = { sort: 'codeLength', direction: 'asc' };
    expect(
      ids(
        [row(1, { codeLength: 90 }), row(2, { codeLength: 30 })].sort((a, b) =>
          compareSubmissions(byCode, a, b),
        ),
      ),
    ).toEqual([2, 1]);
  });
});

describe('insertSubmission', () => {
  it('puts a new row where the server would list it, once', () => {
    const byDate = [row(3), row(2), row(1)];
    const next = insertSubmission(byDate, row(4), DEFAULT_LEADERBOARD_ORDER);
    expect(ids(next)).toEqual([4, 3, 2, 1]);
    expect(insertSubmission(next, row(4), DEFAULT_LEADERBOARD_ORDER)).toBe(next);

    const fastest: LeaderboardOrder = { sort: 'runTime', direction: 'asc' };
    const rows = [row(1, { runTime: 100 }), row(2, { runTime: 300 })];
    expect(ids(insertSubmission(rows, row(3, { runTime: 200 }), fastest))).toEqual([1, 3, 2]);
    expect(ids(insertSubmission(rows, row(3, { runTime: 900 }), fastest))).toEqual([1, 2, 3]);
  });

  it('keeps a full board to its limit: a row past the last stays out, one inside drops the last', () => {
    const fastest: LeaderboardOrder = { sort: 'heapUse', direction: 'asc' };
    const full = [row(1, { heapUse: 10 }), row(2, { heapUse: 20 })];
    expect(insertSubmission(full, row(3, { heapUse: 30 }), fastest, 2)).toBe(full);
    expect(ids(insertSubmission(full, row(3, { heapUse: 15 }), fastest, 2))).toEqual([1, 3]);
  });

  it('reads a cached query’s input with the server’s defaults', () => {
    expect(leaderboardInputOf({ problemId: 5 })).toEqual({
      problemId: 5,
      order: { sort: 'date', direction: 'desc' },
      limit: 100,
    });
    expect(
      leaderboardInputOf({ problemId: 5, sort: 'codeLength', direction: 'asc', limit: 10 }),
    ).toEqual({ problemId: 5, order: { sort: 'codeLength', direction: 'asc' }, limit: 10 });
    expect(leaderboardInputOf(undefined).problemId).toBeNull();
  });
});

describe('leaderboard figures (SPEC §2, §9)', () => {
  it('shows run time in ms rounded to the microsecond (issue 24: 0.084 ms tells submissions apart) and heap in whole kB', () => {
    expect(leaderboardMs(84_000)).toBe('0.084 ms');
    expect(leaderboardMs(412_000)).toBe('0.412 ms');
    expect(leaderboardMs(1_500_000)).toBe('1.5 ms');
    expect(leaderboardMs(12_345_678)).toBe('12.346 ms');
    expect(leaderboardKb(181_000)).toBe('177 kB');
    expect(leaderboardKb(1024)).toBe('1 kB');
    expect(leaderboardKb(1535)).toBe('1 kB');
    expect(leaderboardKb(1536)).toBe('2 kB');
  });

  it('counts lines', () => {
    expect(linesLabel(1)).toBe('1 line');
    expect(linesLabel(7)).toBe('7 lines');
  });
});
