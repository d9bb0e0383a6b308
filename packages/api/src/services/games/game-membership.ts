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

/** The lobby's password prompt: whether this is the room's password ({ ok: true } for a public one). */
export async function verifyGamePassword(
  deps: ApiDeps,
  viewer: Viewer,
  input: VerifyGamePasswordInput,
): Promise<{ ok: boolean }> {
  const game = readGame(deps.db, input.id);
  return { ok: await passwordMatches(deps, viewer, game, input.password) };
}

/** Takes a seat (Nim) or a place (CollabCode); a private room wants its password first. */
export async function joinGame(deps: ApiDeps, viewer: Viewer, input: JoinGameInput) {
  const game = readGame(deps.db, input.id);
  // A player coming back to their own room is not asked again.
  if (game.passwordHash !== null && !playersOf(game).includes(viewer.username)) {
    if (!input.password) {
      throw new TRPCError({ code: 'FORBIDDEN', message: gameMessages.passwordRequired });
    }
    if (!(await passwordMatches(deps, viewer, game, input.password))) {
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
