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

/**
 * The lobby's order: the viewer's own games that are not over first, then the rest, each part in
 * the order given (newest first).
 */
export function lobbyOrder<G extends { status: string; players: readonly string[] }>(
  games: readonly G[],
  username: string | null,
): G[] {
  const mine = (game: G) =>
    username !== null && game.status !== GAME_STATUS.over && game.players.includes(username);
  return [...games.filter(mine), ...games.filter((game) => !mine(game))];
}
