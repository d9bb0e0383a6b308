import { PresenceError, stampPresence } from '@app/games';
import { gameMessages, type PresenceInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { Viewer } from '../../core/viewer';
import { collabCodeGame } from './collab-code-game';
import type { GamePresence } from './events';
import { isPlayerNow, readGame } from './game-store';

/**
 * A player's cursor, handed to the room's other players who are listening now: never stored (a
 * cursor is stale a moment later; whoever reconnects hears the next one). The name and colour it
 * shows are the session user's, set here: what the client claimed is dropped.
 */
export async function sendPresence(
  deps: ApiDeps,
  viewer: Viewer,
  input: PresenceInput,
): Promise<void> {
  collabCodeGame(await readGame(deps.db, input.id));
  if (!(await isPlayerNow(deps.db, input.id, viewer.id))) {
    throw new Refusal({ code: 'FORBIDDEN', message: gameMessages.notAPlayer });
  }
  let update: Uint8Array;
  try {
    update = stampPresence(new Uint8Array(Buffer.from(input.update, 'base64')), viewer.username);
  } catch (cause) {
    if (!(cause instanceof PresenceError)) throw cause;
    throw new Refusal({ code: 'BAD_REQUEST', message: gameMessages.invalidPresence, cause });
  }
  await deps.events.broadcast('gamePresence', input.id, {
    gameId: input.id,
    update: Buffer.from(update).toString('base64'),
    from: viewer.username,
  });
}

/** A presence message reaches the game's players (now), other than the one who sent it. */
export const mayHearPresence = async (
  deps: ApiDeps,
  viewer: Viewer,
  presence: GamePresence,
): Promise<boolean> =>
  presence.from !== viewer.username && (await isPlayerNow(deps.db, presence.gameId, viewer.id));
