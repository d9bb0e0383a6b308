import type { CollabCodeState, GameStatus, NimState } from '@app/games';
import type { TestResultView } from '../problems/shapes';

export type GameType = 'Nim' | 'CollabCode';

/** A game as the lobby lists it. Never the password (only whether there is one). */
export interface GameSummary {
  id: string;
  title: string;
  gameType: GameType;
  status: GameStatus;
  players: string[];
  isPrivate: boolean;
  /** CollabCode only. */
  playerLimit?: number;
  /** CollabCode only. */
  problemId?: number;
  createdAt: Date;
}

/** A game's room: its summary, its whole rule state and, for CollabCode, when it ends (ms). */
export type GameView = GameSummary &
  (
    | { gameType: 'Nim'; state: NimState; deadline: null }
    | {
        gameType: 'CollabCode';
        state: CollabCodeState;
        deadline: number | null;
        problemTitle?: string;
      }
  );

/** A CollabCode room's latest Run Tests: who ran them, when (ms), and the redacted results. */
export interface GameTestResults {
  results: TestResultView[];
  /** Who pressed Run Tests; '' for the final run at time-up. */
  by: string;
  runAt: number;
  /** The final code's run at time-up. */
  final?: boolean;
}

/**
 * game.byId: the room's view and, for a player of a CollabCode game whose tests have run, the
 * latest results (the testResults event's audience), so a reload or a late joiner sees them.
 */
export type GameRoomView = GameView & { testResults?: GameTestResults };
