import { NIM_PLAYERS, type GameType } from '@app/validators';
import { GAME_STATUS, type GameStatus } from './status';

export interface JoinableGame {
  gameType: GameType;
  status: GameStatus;
  players: readonly string[];
  playerLimit?: number | null | undefined;
}

/**
 * SPEC §4's Join button: a Nim game only while WAITING_TO_START, a CollabCode game whenever it is
 * not OVER; never when the player limit is at most the number of players.
 */
export function canJoinGame(game: JoinableGame): boolean {
  if (game.gameType === 'Nim') {
    return game.status === GAME_STATUS.waiting && game.players.length < NIM_PLAYERS;
  }
  const limit = game.playerLimit ?? Number.POSITIVE_INFINITY;
  return game.status !== GAME_STATUS.over && game.players.length < limit;
}
