import { gameMessages } from '@app/validators';
import type { GameEndReason } from './end-reason';
import { gamePlayers, isNimState, type GameState } from './game-state';
import { nimPlayerToMove } from './nim';
import { GAME_STATUS } from './status';

/** Why the game ended, in words, from the viewer's side ('you resigned', 'bob resigned'). */
export function endReasonText(reason: GameEndReason, viewer: string | null): string {
  const who = (player: string) => (player === viewer ? 'you' : player);
  switch (reason.kind) {
    case 'resigned':
      return gameMessages.reasonResigned(who(reason.player));
    case 'lastObject':
      return gameMessages.reasonLastObject(who(reason.player));
    case 'solved':
      return gameMessages.reasonSolved;
    case 'timeUp':
      return gameMessages.reasonTimeUp;
  }
}

/**
 * The finished game's line for one viewer: 'You won — bob took the last object' or 'You lost — you
 * resigned' for a player; for a spectator a neutral 'ann won — bob resigned' ('No winner — time is
 * up'). Null while the game is not over.
 */
export function resultLine(state: GameState, viewer: string | null): string | null {
  if (state.status !== GAME_STATUS.over) return null;
  const isPlayer = viewer !== null && gamePlayers(state).includes(viewer);
  const head = isPlayer
    ? state.winners.includes(viewer)
      ? gameMessages.youWon
      : gameMessages.youLost
    : state.winners.length > 0
      ? gameMessages.playersWon(state.winners)
      : gameMessages.noWinner;
  return state.endReason ? `${head} — ${endReasonText(state.endReason, viewer)}` : head;
}

/** A viewer's result in a finished game they played: won, lost, or null (not a player, not over). */
export function playerResult(state: GameState, username: string): 'won' | 'lost' | null {
  if (state.status !== GAME_STATUS.over || !gamePlayers(state).includes(username)) return null;
  return state.winners.includes(username) ? 'won' : 'lost';
}

/** Whether the game waits for this player's move: Nim only (CollabCode has no turns). */
export const isTurnOf = (state: GameState, username: string): boolean =>
  isNimState(state) && nimPlayerToMove(state) === username;

/** CollabCode at time-up: 'Time is up — 3 of 5 tests passed'. */
export function timeUpLine(reason: GameEndReason | undefined): string | null {
  if (reason?.kind !== 'timeUp') return null;
  return reason.passed === undefined || reason.total === undefined
    ? gameMessages.timeUp
    : gameMessages.timeUpResults(reason.passed, reason.total);
}
