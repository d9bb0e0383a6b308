import { gameMessages, NIM_INITIAL_OBJECTS, NIM_MAX_TAKE, NIM_MIN_TAKE } from '@app/validators';
import type { GameEndReason } from './end-reason';
import { ensure } from './errors';
import type { RematchOffer } from './rematch-state';
import { GAME_STATUS, type GameStatus } from './status';

export interface NimMove {
  player: string;
  numObjects: number;
}

export interface NimState {
  status: GameStatus;
  player1: string | null;
  player2: string | null;
  moves: NimMove[];
  remainingObjects: number;
  winners: string[];
  /** Set when the game ends: who resigned or took the last object. */
  endReason?: GameEndReason;
  /** A finished game's rematch offer, one per game. */
  rematch?: RematchOffer;
}

/** A new game: 21 objects, nobody seated yet. */
export function newNimGame(): NimState {
  return {
    status: GAME_STATUS.waiting,
    player1: null,
    player2: null,
    moves: [],
    remainingObjects: NIM_INITIAL_OBJECTS,
    winners: [],
  };
}

/** The seated players, player 1 first. */
export function nimPlayers(state: NimState): string[] {
  return [state.player1, state.player2].filter((player): player is string => player !== null);
}

const isNimPlayer = (state: NimState, username: string): boolean =>
  state.player1 === username || state.player2 === username;

/** Seats take players in join order; the second seat taken starts the game. */
export function joinNim(state: NimState, username: string): NimState {
  ensure(state.status !== GAME_STATUS.over, gameMessages.gameOver);
  ensure(!isNimPlayer(state, username), gameMessages.alreadyJoined);
  ensure(state.status === GAME_STATUS.waiting, gameMessages.gameFull);
  const seated =
    state.player1 === null
      ? { ...state, player1: username }
      : state.player2 === null
        ? { ...state, player2: username }
        : null;
  ensure(seated !== null, gameMessages.gameFull);
  const full = seated.player1 !== null && seated.player2 !== null;
  return full ? { ...seated, status: GAME_STATUS.inProgress } : seated;
}

/**
 * While waiting, leaving frees the seat; in progress, it forfeits: the opponent wins. Leaving a
 * finished game changes nothing (its players and winners stay as they were).
 */
export function leaveNim(state: NimState, username: string): NimState {
  ensure(isNimPlayer(state, username), gameMessages.notAPlayer, 'notAPlayer');
  if (state.status === GAME_STATUS.over) return state;
  if (state.status === GAME_STATUS.waiting) {
    return state.player1 === username ? { ...state, player1: null } : { ...state, player2: null };
  }
  return {
    ...state,
    status: GAME_STATUS.over,
    winners: [opponentOf(state, username)],
    endReason: { kind: 'resigned', player: username },
  };
}

function opponentOf(state: NimState, username: string): string {
  const opponent = state.player1 === username ? state.player2 : state.player1;
  // In progress both seats are taken, so this only guards against a corrupt state.
  ensure(opponent !== null, gameMessages.gameNotStarted);
  return opponent;
}

/** Whose turn it is: player 1 after an even number of moves, player 2 after an odd one. */
export function nimPlayerToMove(state: NimState): string | null {
  if (state.status !== GAME_STATUS.inProgress) return null;
  return state.moves.length % 2 === 0 ? state.player1 : state.player2;
}

/**
 * Take 1 to 3 objects (never more than remain); whoever takes the last object loses. `afterMoves`,
 * when given, is how many moves the mover saw: a move for a board that has changed since is refused.
 */
export function moveNim(
  state: NimState,
  username: string,
  numObjects: number,
  afterMoves?: number,
): NimState {
  ensure(state.status !== GAME_STATUS.over, gameMessages.gameOver);
  ensure(state.status === GAME_STATUS.inProgress, gameMessages.gameNotStarted);
  ensure(isNimPlayer(state, username), gameMessages.notAPlayer, 'notAPlayer');
  ensure(afterMoves === undefined || afterMoves === state.moves.length, gameMessages.boardChanged);
  ensure(nimPlayerToMove(state) === username, gameMessages.notYourTurn);
  ensure(
    Number.isInteger(numObjects) && numObjects >= NIM_MIN_TAKE && numObjects <= NIM_MAX_TAKE,
    gameMessages.nimMoveRange,
  );
  ensure(numObjects <= state.remainingObjects, gameMessages.nimTooMany(state.remainingObjects));
  const remainingObjects = state.remainingObjects - numObjects;
  const moved: NimState = {
    ...state,
    moves: [...state.moves, { player: username, numObjects }],
    remainingObjects,
  };
  if (remainingObjects > 0) return moved;
  return {
    ...moved,
    status: GAME_STATUS.over,
    winners: [opponentOf(state, username)],
    endReason: { kind: 'lastObject', player: username },
  };
}

/** The rematch of a finished game: the same two players, the order swapped, already started. */
export function nimRematch(state: NimState): NimState {
  ensure(state.player1 !== null && state.player2 !== null, gameMessages.gameNotStarted);
  return {
    ...newNimGame(),
    player1: state.player2,
    player2: state.player1,
    status: GAME_STATUS.inProgress,
  };
}
