import { dialect, games } from '@app/db';
import {
  answerRematch,
  collabCodeRematch,
  nimRematch,
  offerRematch,
  type CollabCodeState,
  type NimState,
} from '@app/games';
import { eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { newGameId } from './create-game';
import { saveAndPublish } from './game-changes';
import { applyRule } from './game-rules';
import { gameView, readGame, syncPlayers, type GameRecord } from './game-store';

/** A player of a finished game offers a rematch; the room hears it with the game's state. */
export function offerGameRematch(deps: ApiDeps, viewer: Viewer, id: string) {
  return writeTransaction(deps, async (scope) => {
    await dialect.lockRows(scope.tx, games, eq(games.id, id));
    const game = await readGame(scope.tx, id);
    const state = applyRule(() => offerRematch(game.state, viewer.username));
    return saveAndPublish(scope, game, state as typeof game.state);
  });
}

/**
 * Another player answers the offer. Accepting creates the new game in the same write: the same
 * type, title, room password and settings, both players seated (Nim: the order swapped, so it starts
 * at once; CollabCode: the clock starts), and the old game names it, so both rooms move there.
 */
export function answerGameRematch(
  deps: ApiDeps,
  viewer: Viewer,
  input: { id: string; accept: boolean },
) {
  return writeTransaction(deps, async (scope) => {
    await dialect.lockRows(scope.tx, games, eq(games.id, input.id));
    const game = await readGame(scope.tx, input.id);
    if (!input.accept) {
      const state = applyRule(() => answerRematch(game.state, viewer.username, { accept: false }));
      return { ...(await saveAndPublish(scope, game, state as typeof game.state)), rematch: null };
    }
    const gameId = newGameId();
    const answered = applyRule(() =>
      answerRematch(game.state, viewer.username, { accept: true, gameId }),
    );
    const offeredBy = answered.rematch?.by ?? viewer.username;
    const state: NimState | CollabCodeState =
      game.gameType === 'Nim'
        ? applyRule(() => nimRematch(game.state))
        : applyRule(() =>
            collabCodeRematch(game.state, [offeredBy, viewer.username], scope.now.getTime()),
          );
    await scope.tx.insert(games).values({
      id: gameId,
      title: game.title,
      gameType: game.gameType,
      passwordHash: game.passwordHash,
      status: state.status,
      state,
      problemId: game.problemId,
      // Created by the player who accepted it.
      createdBy: viewer.id,
      createdAt: scope.now,
      updatedAt: scope.now,
    });
    const created = await readGame(scope.tx, gameId);
    await syncPlayers(scope.tx, created, scope.now);
    const rematchView = await gameView(scope.tx, created);
    scope.publish('game', gameId, { type: 'state', game: rematchView });
    const old = await saveAndPublish(scope, game as GameRecord, answered as typeof game.state);
    return { ...old, rematch: rematchView };
  });
}
