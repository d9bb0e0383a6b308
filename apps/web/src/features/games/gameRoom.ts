// The game room's pure rules and texts (SPEC §2 Game room, §4 game transitions, §5 Nim move).
import { formatCountdown, nimMoveFromInput } from '@app/games';
import {
  gameMessages,
  gameTypeTitle,
  NIM_MAX_TAKE,
  NIM_MIN_TAKE,
  type GameType,
} from '@app/validators';

// The countdown's m:ss and the Nim input rule are the game package's own (shared with the server).
export { formatCountdown, nimMoveFromInput } from '@app/games';

/** The most a Nim move may take now: 3, or fewer when fewer objects are left. */
export const nimMaxTake = (remaining: number): number =>
  Math.max(NIM_MIN_TAKE, Math.min(NIM_MAX_TAKE, remaining));

/**
 * What the Nim move input holds after the user typed `raw` with `remaining` objects left: the
 * spec's rule (last digit 1 to 3, empty is 1) capped at nimMaxTake, and the sentence saying why when
 * the cap changed what was typed.
 */
export function nimTakeFromInput(
  raw: string,
  remaining: number,
): { take: number; refused: string | null } {
  const typed = nimMoveFromInput(raw);
  const max = nimMaxTake(remaining);
  return typed > max
    ? { take: max, refused: gameMessages.nimTooMany(remaining) }
    : { take: typed, refused: null };
}

/**
 * What leaving a game in progress asks first. Nim is a duel: leaving resigns it. CollabCode is
 * played together: the one who leaves is out, the others play on, nobody resigns.
 */
export function leaveConfirmation(gameType: GameType): {
  title: string;
  body: string;
  action: string;
} {
  return gameType === 'Nim'
    ? {
        title: gameMessages.resignConfirm,
        body: gameMessages.resignNim,
        action: gameMessages.resign,
      }
    : {
        title: gameMessages.leaveConfirm,
        body: gameMessages.leaveCollabCode,
        action: gameMessages.leave,
      };
}

/** SPEC: the room's title by type. */
export const roomTitle = (gameType: GameType): string => gameTypeTitle(gameType);

/** SPEC: 'Status: {state status}', or 'Not started' when the game has no state yet. */
export const statusLine = (status: string | null | undefined): string =>
  status ? gameMessages.status(status) : gameMessages.notStarted;

/** Nim: player 1 moves on even move counts, player 2 on odd ones (SPEC §4). */
export function nimPlayerToMove(state: {
  status: string;
  player1: string | null;
  player2: string | null;
  moves: readonly unknown[];
}): string | null {
  if (state.status !== 'IN_PROGRESS') return null;
  return state.moves.length % 2 === 0 ? state.player1 : state.player2;
}

/** 'Winner: ann', 'Winners: ann, bob', or 'No winner' (SPEC §4). */
export function winnersLabel(winners: readonly string[]): string {
  if (winners.length === 0) return gameMessages.noWinner;
  return `${winners.length === 1 ? 'Winner' : 'Winners'}: ${winners.join(', ')}`;
}

/** SPEC: the countdown from the deadline, or 'No Start Time' when the game has none yet. */
export const countdownLabel = (deadline: number | null | undefined, now: number): string =>
  deadline == null ? gameMessages.noStartTime : formatCountdown(deadline - now);

/** The time is up once the deadline has passed (the server ends the game then). */
export const isTimeUp = (deadline: number | null | undefined, now: number): boolean =>
  deadline != null && now >= deadline;

const STATUS_RANK: Record<string, number> = { WAITING_TO_START: 0, IN_PROGRESS: 1, OVER: 2 };

/** How far a game has gone: its status (which only moves forward), then the Nim moves made. */
function progress(game: { status?: string; state?: unknown }): [number, number] {
  const moves = (game.state as { moves?: unknown } | undefined)?.moves;
  return [STATUS_RANK[game.status ?? ''] ?? 0, Array.isArray(moves) ? moves.length : 0];
}

/**
 * Absolute game states, from live events and from the replies to this player's own writes: the
 * newest replaces. A state that has gone less far than the cached one is older, a reply that
 * landed after the next event (a move's reply after the opponent's answer), and is ignored: applied,
 * it would put the board back and take the player's turn away until the next event.
 */
export function applyGameState<G extends { id: string; status?: string; state?: unknown }>(
  cached: G | undefined,
  next: G,
): G {
  if (!cached || cached.id !== next.id) return next;
  const [was, is] = [progress(cached), progress(next)];
  return is[0] < was[0] || (is[0] === was[0] && is[1] < was[1]) ? cached : next;
}
