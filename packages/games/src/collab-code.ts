import {
  gameMessages,
  PLAYER_LIMIT_MAX,
  PLAYER_LIMIT_MIN,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
} from '@app/validators';
import type { GameEndReason } from './end-reason';
import { ensure } from './errors';
import type { RematchOffer } from './rematch-state';
import { GAME_STATUS, type GameStatus } from './status';

const MINUTE_MS = 60_000;

/** A CollabCode game's rules; the code itself lives in the game's Yjs document. */
export interface CollabCodeState {
  status: GameStatus;
  players: string[];
  playerLimit: number;
  /** Minutes, counted from `startTime`. */
  timeLimit: number;
  /** Epoch ms the clock started (the second player's join, or Start); null until then. */
  startTime: number | null;
  problemId: number;
  winners: string[];
  /** Set when the game ends: solved, or the time ran out (with the final code's score). */
  endReason?: GameEndReason;
  /** Epoch ms the game ended: the clock stops there. */
  endedAt?: number;
  /** A finished game's rematch offer, one per game. */
  rematch?: RematchOffer;
}

export interface NewCollabCodeGame {
  playerLimit: number;
  timeLimit: number;
  problemId: number;
}

/** A new game: waiting, nobody in it, the clock not started. */
export function newCollabCodeGame({
  playerLimit,
  timeLimit,
  problemId,
}: NewCollabCodeGame): CollabCodeState {
  ensure(Number.isInteger(playerLimit), gameMessages.playerLimitNotWhole);
  ensure(playerLimit >= PLAYER_LIMIT_MIN, gameMessages.minPlayers);
  ensure(playerLimit <= PLAYER_LIMIT_MAX, gameMessages.maxPlayers);
  ensure(Number.isInteger(timeLimit), gameMessages.timeLimitNotWhole);
  ensure(timeLimit >= TIME_LIMIT_MIN, gameMessages.minTime);
  ensure(timeLimit <= TIME_LIMIT_MAX, gameMessages.maxTime);
  ensure(Number.isInteger(problemId) && problemId > 0, gameMessages.noProblemId);
  return {
    status: GAME_STATUS.waiting,
    players: [],
    playerLimit,
    timeLimit,
    startTime: null,
    problemId,
    winners: [],
  };
}

/** When the time is up (epoch ms), or null until the clock starts. */
export function collabCodeDeadline(state: CollabCodeState): number | null {
  return state.startTime === null ? null : state.startTime + state.timeLimit * MINUTE_MS;
}

/** At the deadline or after it (SPEC §4: at zero or below). */
export function isTimeUp(state: CollabCodeState, now: number): boolean {
  const deadline = collabCodeDeadline(state);
  return deadline !== null && now >= deadline;
}

/**
 * Players join while the game is not over, the time is not up and there is room; the second player
 * starts the game and its clock (one player alone waits, or presses Start). Joining again changes
 * nothing.
 */
export function joinCollabCode(
  state: CollabCodeState,
  username: string,
  now: number,
): CollabCodeState {
  ensure(state.status !== GAME_STATUS.over, gameMessages.gameOver);
  if (state.players.includes(username)) return state;
  ensure(!isTimeUp(state, now), gameMessages.timeUp);
  ensure(state.players.length < state.playerLimit, gameMessages.gameFull);
  const players = [...state.players, username];
  return state.status === GAME_STATUS.waiting && players.length >= 2
    ? { ...state, players, status: GAME_STATUS.inProgress, startTime: now }
    : { ...state, players };
}

/** A player waiting alone starts the game (and its clock) without waiting for others. */
export function startCollabCode(
  state: CollabCodeState,
  username: string,
  now: number,
): CollabCodeState {
  ensure(state.players.includes(username), gameMessages.notAPlayer, 'notAPlayer');
  ensure(state.status === GAME_STATUS.waiting, gameMessages.alreadyStarted);
  return { ...state, status: GAME_STATUS.inProgress, startTime: now };
}

/** The player leaves; the game goes on (the clock too). Leaving a finished game changes nothing. */
export function leaveCollabCode(state: CollabCodeState, username: string): CollabCodeState {
  ensure(state.players.includes(username), gameMessages.notAPlayer, 'notAPlayer');
  if (state.status === GAME_STATUS.over) return state;
  return { ...state, players: state.players.filter((player) => player !== username) };
}

/**
 * The game ends: all tests passed (every player wins, reason 'solved') or the time ran out (nobody
 * does, reason 'timeUp' with the final code's score). The clock stops at `now`.
 */
export function endCollabCode(
  state: CollabCodeState,
  { winners, reason, now }: { winners: readonly string[]; reason: GameEndReason; now: number },
): CollabCodeState {
  ensure(state.status !== GAME_STATUS.over, gameMessages.gameOver);
  ensure(
    winners.every((winner) => state.players.includes(winner)),
    gameMessages.notAPlayer,
    'notAPlayer',
  );
  return {
    ...state,
    status: GAME_STATUS.over,
    winners: [...new Set(winners)],
    endReason: reason,
    endedAt: now,
  };
}

/** Only a player may edit, while the game is in progress and before the deadline. */
export function assertCanEdit(state: CollabCodeState, username: string, now: number): void {
  ensure(state.status !== GAME_STATUS.over, gameMessages.gameOver);
  ensure(state.status === GAME_STATUS.inProgress, gameMessages.gameNotStarted);
  ensure(state.players.includes(username), gameMessages.notAPlayer, 'notAPlayer');
  ensure(!isTimeUp(state, now), gameMessages.timeUp);
}

/** How long a finished game took (ms, from the clock's start to its end), or null. */
export function finishingTime(state: CollabCodeState): number | null {
  if (state.startTime === null || state.endedAt === undefined) return null;
  return Math.max(0, state.endedAt - state.startTime);
}

/**
 * The rematch of a finished game: the same problem, limits and time, with the two players who
 * agreed seated (two players: the clock starts now).
 */
export function collabCodeRematch(
  state: CollabCodeState,
  players: readonly [string, string],
  now: number,
): CollabCodeState {
  const fresh = newCollabCodeGame({
    playerLimit: state.playerLimit,
    timeLimit: state.timeLimit,
    problemId: state.problemId,
  });
  return joinCollabCode(joinCollabCode(fresh, players[0], now), players[1], now);
}
