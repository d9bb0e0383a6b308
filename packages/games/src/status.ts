import type { GameStatusValue } from '@app/validators';

/** SPEC §4: the statuses every game goes through. */
export const GAME_STATUS = {
  waiting: 'WAITING_TO_START',
  inProgress: 'IN_PROGRESS',
  over: 'OVER',
} as const satisfies Record<string, GameStatusValue>;

export type GameStatus = (typeof GAME_STATUS)[keyof typeof GAME_STATUS];
