import { joinCollabCode, joinNim, leaveCollabCode, leaveNim, startCollabCode } from '@app/games';
import { gameMessages, type JoinGameInput, type VerifyGamePasswordInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { createSharedCounter, type CounterStore } from '../../core/shared-counters';
import type { Viewer } from '../../core/viewer';
import { verifyPassword } from '../users/passwords';
import { changeGame } from './game-changes';
import { playersOf, readGame, type GameRecord } from './game-store';

/**
 * Checks a private game's password, counting the attempt first against the viewer's limit for this
 * game (a right guess is handed back), so nobody can try passwords quickly.
 */
async function passwordMatches(
  deps: ApiDeps,
  viewer: Viewer,
  game: GameRecord,
  password: string,
): Promise<boolean> {
  if (game.passwordHash === null) return true;
  const key = `${viewer.id}:${game.id}`;
  if (!(await deps.limiters.gamePasswords.tryConsume(key))) {
    throw new Refusal({
      code: 'TOO_MANY_REQUESTS',
      message: gameMessages.tooManyPasswordAttempts,
    });
  }
  const ok = await verifyPassword(password, game.passwordHash);
  if (ok) await deps.limiters.gamePasswords.refund(key);
  return ok;
}

/** How long a right answer to a room's password prompt lets the same user join without it. */
export const PASSWORD_PASS_MS = 10 * 60 * 1000;

/**
 * Right room passwords remembered per user and game for a while: the original client (SPEC §7)
 * calls /games/verify with the password, then /games/join with only the game and player, and the
 * two calls may reach different processes. Kept in the shared store (a key counted once, expiring
 * with the pass), which forgets it when it expires.
 */
export interface GamePasswordPasses {
  grant(userId: number, gameId: string): Promise<void>;
  has(userId: number, gameId: string): Promise<boolean>;
}

export function createGamePasswordPasses(
  store: CounterStore,
  ttlMs = PASSWORD_PASS_MS,
): GamePasswordPasses {
  const passes = createSharedCounter(store, 'pass:game', { points: 1, windowMs: ttlMs });
  const keyOf = (userId: number, gameId: string) => `${userId}:${gameId}`;
  return {
    async grant(userId, gameId) {
      await passes.set(keyOf(userId, gameId), 1, ttlMs / 1000);
    },
    async has(userId, gameId) {
      return ((await passes.get(keyOf(userId, gameId)))?.consumedPoints ?? 0) > 0;
    },
  };
}

/**
 * The lobby's password prompt: whether this is the room's password ({ ok: true } for a public one).
 * A right password is remembered for this user and game for PASSWORD_PASS_MS (see joinGame).
 */
export async function verifyGamePassword(
  deps: ApiDeps,
  viewer: Viewer,
  input: VerifyGamePasswordInput,
): Promise<{ ok: boolean }> {
  const game = await readGame(deps.db, input.id);
  const ok = await passwordMatches(deps, viewer, game, input.password);
  if (ok && game.passwordHash !== null) await deps.games.passwordPasses.grant(viewer.id, game.id);
  return { ok };
}

/**
 * Takes a seat (Nim) or a place (CollabCode); a private room wants its password first, or a right
 * answer to its prompt (verifyGamePassword) in the last PASSWORD_PASS_MS.
 */
export async function joinGame(deps: ApiDeps, viewer: Viewer, input: JoinGameInput) {
  const game = await readGame(deps.db, input.id);
  // A player coming back to their own room is not asked again.
  if (game.passwordHash !== null && !playersOf(game).includes(viewer.username)) {
    if (!input.password) {
      if (!(await deps.games.passwordPasses.has(viewer.id, game.id)))
        throw new Refusal({ code: 'FORBIDDEN', message: gameMessages.passwordRequired });
    } else if (!(await passwordMatches(deps, viewer, game, input.password))) {
      throw new Refusal({ code: 'FORBIDDEN', message: gameMessages.incorrectPassword });
    }
  }
  return changeGame(deps, input.id, {
    nim: (state) => joinNim(state, viewer.username),
    collabCode: (state, now) => joinCollabCode(state, viewer.username, now),
  });
}

/** Leaves: a waiting Nim seat is freed, a Nim game in progress is forfeited, CollabCode goes on. */
export function leaveGame(deps: ApiDeps, viewer: Viewer, id: string) {
  return changeGame(deps, id, {
    nim: (state) => leaveNim(state, viewer.username),
    collabCode: (state) => leaveCollabCode(state, viewer.username),
  });
}

/** A CollabCode player waiting alone starts the game and its clock (the timer hears the state). */
export function startGame(deps: ApiDeps, viewer: Viewer, id: string) {
  return changeGame(deps, id, {
    collabCode: (state, now) => startCollabCode(state, viewer.username, now),
  });
}
