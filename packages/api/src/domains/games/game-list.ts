import { gamePlayers, games } from '@app/db';
import { GAME_STATUS, lobbyOrder } from '@app/games';
import type { ListGamesInput } from '@app/validators';
import { and, desc, eq, ne, notInArray, type SQL } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { mayReadRoom } from './game-access';
import { gameSummary, gameView, readGame, readTestResults, type GameRecord } from './game-store';
import type { GameRoomView, GameSummary } from './shapes';

/** The lobby holds at most this many games, newest first. */
export const LOBBY_LIMIT = 200;

const summaryColumns = {
  id: games.id,
  title: games.title,
  gameType: games.gameType,
  passwordHash: games.passwordHash,
  problemId: games.problemId,
  state: games.state,
  createdAt: games.createdAt,
};

/**
 * The lobby: games of a type and / or status, newest first (no passwords, only isPrivate), the
 * viewer's own games that are not over first (read through game_players' user index, so they are
 * there however many newer games there are). `showFinished: false` leaves finished games out.
 */
export async function listGames(
  deps: ApiDeps,
  viewer: Viewer,
  input: ListGamesInput,
): Promise<GameSummary[]> {
  const where: SQL[] = [];
  if (input.gameType) where.push(eq(games.gameType, input.gameType));
  if (input.status) where.push(eq(games.status, input.status));
  if (input.showFinished === false) where.push(ne(games.status, GAME_STATUS.over));
  const mine = await deps.db
    .select(summaryColumns)
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(eq(gamePlayers.userId, viewer.id), ne(games.status, GAME_STATUS.over), ...where))
    .orderBy(desc(games.createdAt), desc(games.id))
    .limit(LOBBY_LIMIT);
  const mineIds = mine.map((row) => row.id);
  const rest = await deps.db
    .select(summaryColumns)
    .from(games)
    .where(and(...where, ...(mineIds.length ? [notInArray(games.id, mineIds)] : [])))
    .orderBy(desc(games.createdAt), desc(games.id))
    .limit(LOBBY_LIMIT);
  const rows = [...mine, ...rest] as GameRecord[];
  return lobbyOrder(rows.map(gameSummary), viewer.username);
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
