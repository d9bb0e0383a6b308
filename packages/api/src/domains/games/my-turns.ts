import { gamePlayers, games } from '@app/db';
import { isTurnOf, type GameState } from '@app/games';
import { and, eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';

/** A bound on the games read (nobody plays this many Nim games at once). */
export const MY_TURNS_MAX = 200;

/**
 * The ids of the viewer's games waiting for their move: Nim games in progress where it is their
 * turn (CollabCode has no turns). Through game_players' user index; for the tab title's count.
 */
export async function myTurns(deps: ApiDeps, viewer: Viewer): Promise<string[]> {
  const rows = await deps.db
    .select({ id: games.id, state: games.state })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(
      and(
        eq(gamePlayers.userId, viewer.id),
        eq(games.gameType, 'Nim'),
        eq(games.status, 'IN_PROGRESS'),
      ),
    )
    .limit(MY_TURNS_MAX);
  return rows
    .filter((row) => isTurnOf(row.state as GameState, viewer.username))
    .map((row) => row.id);
}
