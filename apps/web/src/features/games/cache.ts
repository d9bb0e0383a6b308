import { useCallback } from 'react';
import { upsertLobbyGame } from './gameLobby';
import { applyGameState } from './gameRoom';
import type { GameSummary, GameView } from './gameTypes';
import { trpc } from '../../trpc';

/**
 * A stable function that applies a game's new absolute state (a live event, or a write's reply) to
 * the cached lobby list and to the cached room.
 */
export function useApplyGame(): (game: GameSummary | GameView) => void {
  const utils = trpc.useUtils();
  return useCallback(
    (game: GameSummary | GameView) => {
      // The lobby's list with and without finished games (and the original whole list).
      for (const input of [{}, { showFinished: true }, { showFinished: false }]) {
        utils.game.list.setData(input, (list) =>
          list ? upsertLobbyGame(list, game, input) : list,
        );
      }
      if ('state' in game)
        utils.game.byId.setData({ id: game.id }, (old) => applyGameState(old, game));
      else void utils.game.byId.invalidate({ id: game.id });
    },
    [utils],
  );
}
