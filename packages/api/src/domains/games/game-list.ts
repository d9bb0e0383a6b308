import { games } from '@app/db';
import type { ListGamesInput } from '@app/validators';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { mayReadRoom } from './game-access';
import { gameSummary, gameView, readGame, readTestResults, type GameRecord } from './game-store';
import type { GameRoomView, GameSummary } from './shapes';

/** The lobby holds at most this many games, newest first. */
export const LOBBY_LIMIT = 200;

/** The lobby: games of a type and / or status, newest first (no passwords, only isPrivate). */
export async function listGames(deps: ApiDeps, input: ListGamesInput): Promise<GameSummary[]> {
  const where: SQL[] = [];
  if (input.gameType) where.push(eq(games.gameType, input.gameType));
  if (input.status) where.push(eq(games.status, input.status));
  const rows = await deps.db
    .select({
      id: games.id,
      title: games.title,
      gameType: games.gameType,
      passwordHash: games.passwordHash,
      problemId: games.problemId,
      state: games.state,
      createdAt: games.createdAt,
    })
    .from(games)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(games.createdAt), desc(games.id))
    .limit(LOBBY_LIMIT);
  return rows.map((row) => gameSummary(row as GameRecord));
}

/**
 * One room: its public view, which any signed-in viewer may read (the lobby shows the same), and for
 * a CollabCode game's players its latest Run Tests (the testResults event's audience).
 */
export async function getGame(deps: ApiDeps, viewer: Viewer, id: string): Promise<GameRoomView> {
  const game = await readGame(deps.db, id);
  const view = await gameView(deps.db, game);
  if (game.gameType !== 'CollabCode' || !(await mayReadRoom(deps, viewer, id))) return view;
  const testResults = await readTestResults(deps.db, id);
  return testResults ? { ...view, testResults } : view;
}
