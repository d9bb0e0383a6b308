import { dialect, games } from '@app/db';
import { gameMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { writeTransaction, type WriteScope } from '../../core/write';
import { applyRule } from './game-rules';
import { gameView, readGame, saveGameState, type GameRecord } from './game-store';

/** Stores the game's new state and publishes it: the room's and the lobby's one event. */
export async function saveAndPublish<G extends GameRecord>(
  { tx, now, publish }: WriteScope,
  game: G,
  state: G['state'],
) {
  const view = await gameView(tx, await saveGameState(tx, game, state, now));
  return { game: view, event: publish('game', game.id, { type: 'state', game: view }) };
}

/** Applies a rule of @app/games to the stored game inside one write; a refusal changes nothing. */
export function changeGame(
  deps: ApiDeps,
  id: string,
  change: {
    nim?: (state: Extract<GameRecord, { gameType: 'Nim' }>['state']) => typeof state;
    collabCode?: (
      state: Extract<GameRecord, { gameType: 'CollabCode' }>['state'],
      now: number,
    ) => typeof state;
  },
) {
  return writeTransaction(deps, async (scope) => {
    // Read, checked by the rule and written back: the row is the write's until it ends.
    await dialect.lockRows(scope.tx, games, eq(games.id, id));
    const game = await readGame(scope.tx, id);
    if (game.gameType === 'Nim') {
      const rule = change.nim;
      if (!rule) throw new Refusal({ code: 'BAD_REQUEST', message: gameMessages.unknownGameType });
      return saveAndPublish(
        scope,
        game,
        applyRule(() => rule(game.state)),
      );
    }
    const rule = change.collabCode;
    if (!rule) throw new Refusal({ code: 'BAD_REQUEST', message: gameMessages.unknownGameType });
    return saveAndPublish(
      scope,
      game,
      applyRule(() => rule(game.state, scope.now.getTime())),
    );
  });
}
