import type { CollabCodeState, GameStatus, NimState } from '@app/games';

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
