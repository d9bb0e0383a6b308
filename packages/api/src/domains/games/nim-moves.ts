import { moveNim } from '@app/games';
import type { NimMoveInput } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { changeGame } from './game-changes';

/** The viewer's move (the mover is always the session's user): checked by @app/games, then stored. */
export function makeNimMove(deps: ApiDeps, viewer: Viewer, input: NimMoveInput) {
  return changeGame(deps, input.id, {
    nim: (state) => moveNim(state, viewer.username, input.numObjects, input.afterMoves),
  });
}
