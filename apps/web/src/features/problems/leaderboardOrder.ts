import {
  bytesToKb,
  LEADERBOARD_SIZE,
  nanosToMs,
  nextSort,
  SORT_DIRECTIONS,
  SUBMISSION_SORTS,
  type SortDirection,
  type SubmissionSort,
} from '@app/validators';
import type { SubmissionRow } from './problemTypes';

/** The leaderboard's order: SPEC §2, date descending by default. */
export interface LeaderboardOrder {
  sort: SubmissionSort;
  direction: SortDirection;
}

export const DEFAULT_LEADERBOARD_ORDER: LeaderboardOrder = { sort: 'date', direction: 'desc' };

/** Re-clicking the active column flips its direction; another column starts descending. */
export function nextLeaderboardOrder(
  current: LeaderboardOrder,
  clicked: SubmissionSort,
): LeaderboardOrder {
  return nextSort(current, clicked);
}

function sortValue(sort: SubmissionSort, row: SubmissionRow): number {
  switch (sort) {
    case 'date':
      return row.createdAt.getTime();
    case 'codeLength':
      return row.codeLength;
    case 'runTime':
      return row.runTime;
    case 'heapUse':
      return row.heapUse;
  }
}

/** The server's order (leaderboard.ts): the sort's column, then the id, both in the chosen direction. */
export function compareSubmissions(order: LeaderboardOrder, a: SubmissionRow, b: SubmissionRow) {
  const sign = order.direction === 'asc' ? 1 : -1;
  const byValue = sortValue(order.sort, a) - sortValue(order.sort, b);
  return sign * (byValue !== 0 ? byValue : a.id - b.id);
}

/**
 * Adds a new submission to a cached leaderboard (the first `limit` rows in `order`) where the server
 * would list it. Pure and idempotent: a row already there, or one that falls past the last of a full
 * board, leaves the board as it is; a full board drops its last row to make room.
 */
export function insertSubmission(
  rows: readonly SubmissionRow[],
  row: SubmissionRow,
  order: LeaderboardOrder,
  limit = LEADERBOARD_SIZE,
): readonly SubmissionRow[] {
  if (rows.some((other) => other.id === row.id)) return rows;
  const index = rows.findIndex((other) => compareSubmissions(order, row, other) < 0);
  if (index < 0) return rows.length < limit ? [...rows, row] : rows;
  return [...rows.slice(0, index), row, ...rows.slice(index)].slice(0, limit);
}

/** The order a cached submission.list query's input describes (with the server's defaults). */
export function leaderboardInputOf(input: unknown): {
  problemId: number | null;
  order: LeaderboardOrder;
  limit: number;
} {
  const value = (input ?? {}) as Record<string, unknown>;
  const sort = (SUBMISSION_SORTS as readonly unknown[]).includes(value.sort)
    ? (value.sort as SubmissionSort)
    : DEFAULT_LEADERBOARD_ORDER.sort;
  const direction = (SORT_DIRECTIONS as readonly unknown[]).includes(value.direction)
    ? (value.direction as SortDirection)
    : DEFAULT_LEADERBOARD_ORDER.direction;
  return {
    problemId: typeof value.problemId === 'number' ? value.problemId : null,
    order: { sort, direction },
    limit: typeof value.limit === 'number' ? value.limit : LEADERBOARD_SIZE,
  };
}

const msFigure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
/**
 * SPEC §2's run time in ms (nanoseconds / 1e6), rounded to the microsecond as the submission view
 * shows it (issue 24: '0.084 ms' tells submissions apart, so sorting by it means something).
 */
export const leaderboardMs = (runTime: number): string =>
  `${msFigure.format(nanosToMs(runTime))} ms`;
/** SPEC §2: the leaderboard's heap use, in whole kilobytes (bytes / 1024, rounded). */
export const leaderboardKb = (heapUse: number): string => `${Math.round(bytesToKb(heapUse))} kB`;
/** '1 line', '12 lines'. */
export const linesLabel = (count: number): string => (count === 1 ? '1 line' : `${count} lines`);
