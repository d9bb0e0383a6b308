import type { ApiDeps } from '../../deps';
import type { Viewer } from '../users/sessions';
import type { GameEvent } from './game-events';
import { isPlayerNow } from './game-store';

/**
 * Who reads a room's events. A game's state is public to every signed-in viewer (the lobby shows
 * it, and anyone may open a room before joining); its document's updates and its test results are
 * the players' own, checked against who plays it now, in the replay as well as live.
 */
export function mayReceiveGameEvent(deps: ApiDeps, viewer: Viewer, event: GameEvent): boolean {
  if (event.type === 'state') return true;
  return isPlayerNow(deps.db, event.gameId, viewer.id);
}
