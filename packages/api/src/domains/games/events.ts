import type { GameTestResults, GameView } from './shapes';

/**
 * Events of the 'game' topic, keyed by game id. `state` carries the game's absolute new state after
 * every change (the lobby and the room read it); `codeUpdate` is one accepted Yjs update of a
 * CollabCode document (base64) and `testResults` one Run Tests in the room: those two reach the
 * game's players only.
 */
export type GameEvent =
  | { type: 'state'; game: GameView }
  | { type: 'codeUpdate'; gameId: string; update: string; from: string }
  | ({ type: 'testResults'; gameId: string } & GameTestResults);

/** An ephemeral awareness update (cursor, selection, name) of a CollabCode player: never stored. */
export interface GamePresence {
  gameId: string;
  /** base64 of a y-protocols awareness update. */
  update: string;
  from: string;
}

/** Whether an event belongs in the lobby (every game's summary as it changes). */
export const changesLobby = (event: GameEvent): boolean => event.type === 'state';

declare module '../../core/topics' {
  interface EventMap {
    /** Keyed by game id: the room's state, code updates and test results; the lobby reads states. */
    game: GameEvent;
  }
  interface BroadcastMap {
    /** Keyed by game id: a CollabCode player's awareness (cursor, name). */
    gamePresence: GamePresence;
  }
}
