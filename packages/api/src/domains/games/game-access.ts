import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import type { GameEvent } from './events';
import { isPlayerNow } from './game-store';

/**
 * Who reads a room's events. A game's state is public to every signed-in viewer (the lobby shows
 * it, and anyone may open a room before joining); its document's updates and its test results are
 * the players' own, checked against who plays it now, in the replay as well as live.
 */
export async function mayReceiveGameEvent(
  deps: ApiDeps,
  viewer: Viewer,
  event: GameEvent,
): Promise<boolean> {
  if (event.type === 'state') return true;
  return mayReadRoom(deps, viewer, event.gameId);
}

/** Whether the viewer may read a room's own part (its document, its test results): a player now. */
export async function mayReadRoom(deps: ApiDeps, viewer: Viewer, gameId: string): Promise<boolean> {
  return isPlayerNow(deps.db, gameId, viewer.id);
}
