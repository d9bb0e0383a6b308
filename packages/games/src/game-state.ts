import type { CollabCodeState } from './collab-code';
import { nimPlayers, type NimState } from './nim';

/** The state of either kind of game, as stored. */
export type GameState = NimState | CollabCodeState;

/** Tells the two kinds of state apart (only Nim has seats). */
export const isNimState = (state: GameState): state is NimState => 'player1' in state;

/** The players of a game, in join order. */
export const gamePlayers = (state: GameState): string[] =>
  isNimState(state) ? nimPlayers(state) : [...state.players];
