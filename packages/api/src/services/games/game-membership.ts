import { joinCollabCode, joinNim, leaveCollabCode, leaveNim } from '@app/games';
import { gameMessages, type JoinGameInput, type VerifyGamePasswordInput } from '@app/validators';
import { TRPCError } from '@trpc/server';
import type { ApiDeps } from '../../deps';
import { verifyPassword } from '../users/passwords';
import type { Viewer } from '../users/sessions';
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
    throw new TRPCError({
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
 * calls /games/verify with the password, then /games/join with only the game and player. In memory
 * and bounded (a restart only means the password is asked again); async like the rate limiters, so
 * a shared store can take its place.
 */
export interface GamePasswordPasses {
  grant(userId: number, gameId: string, now?: number): Promise<void>;
  has(userId: number, gameId: string, now?: number): Promise<boolean>;
}

export function createGamePasswordPasses(
  ttlMs = PASSWORD_PASS_MS,
  maxEntries = 100_000,
): GamePasswordPasses {
  const expiries = new Map<string, number>();
  const keyOf = (userId: number, gameId: string) => `${userId}:${gameId}`;
  return {
    async grant(userId, gameId, now = Date.now()) {
      if (expiries.size >= maxEntries) {
        for (const [key, expiry] of expiries) if (expiry <= now) expiries.delete(key);
        if (expiries.size >= maxEntries) expiries.clear();
      }
      expiries.set(keyOf(userId, gameId), now + ttlMs);
    },
    async has(userId, gameId, now = Date.now()) {
      const key = keyOf(userId, gameId);
      const expiry = expiries.get(key);
      if (expiry === undefined) return false;
      if (expiry > now) return true;
      expiries.delete(key);
      return false;
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
  const game = readGame(deps.db, input.id);
  const ok = await passwordMatches(deps, viewer, game, input.password);
  if (ok && game.passwordHash !== null) await deps.games.passwordPasses.grant(viewer.id, game.id);
  return { ok };
}

/**
 * Takes a seat (Nim) or a place (CollabCode); a private room wants its password first, or a right
 * answer to its prompt (verifyGamePassword) in the last PASSWORD_PASS_MS.
 */
export async function joinGame(deps: ApiDeps, viewer: Viewer, input: JoinGameInput) {
  const game = readGame(deps.db, input.id);
  // A player coming back to their own room is not asked again.
  if (game.passwordHash !== null && !playersOf(game).includes(viewer.username)) {
    if (!input.password) {
      if (!(await deps.games.passwordPasses.has(viewer.id, game.id)))
        throw new TRPCError({ code: 'FORBIDDEN', message: gameMessages.passwordRequired });
    } else if (!(await passwordMatches(deps, viewer, game, input.password))) {
      throw new TRPCError({ code: 'FORBIDDEN', message: gameMessages.incorrectPassword });
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
