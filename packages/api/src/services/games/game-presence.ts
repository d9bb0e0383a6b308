import { gameMessages, type PresenceInput } from '@app/validators';
import { TRPCError } from '@trpc/server';
import type { ApiDeps } from '../../deps';
import type { Viewer } from '../users/sessions';
import type { GamePresence } from './game-events';
import { collabCodeGame } from './collab-code-game';
import { isPlayerNow, readGame } from './game-store';

/**
 * A player's cursor and name, handed to the room's other players who are listening now: never
 * stored (a cursor is stale a moment later; whoever reconnects hears the next one).
 */
export async function sendPresence(
  deps: ApiDeps,
  viewer: Viewer,
  input: PresenceInput,
): Promise<void> {
  collabCodeGame(readGame(deps.db, input.id));
  if (!isPlayerNow(deps.db, input.id, viewer.id)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: gameMessages.notAPlayer });
  }
  await deps.events.broadcast('gamePresence', input.id, {
    gameId: input.id,
    update: input.update,
    from: viewer.username,
  });
}

/** A presence message reaches the game's players (now), other than the one who sent it. */
export const mayHearPresence = (deps: ApiDeps, viewer: Viewer, presence: GamePresence): boolean =>
  presence.from !== viewer.username && isPlayerNow(deps.db, presence.gameId, viewer.id);
