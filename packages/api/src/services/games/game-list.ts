import { games } from '@app/db';
import type { ListGamesInput } from '@app/validators';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ApiDeps } from '../../deps';
import type { GameSummary, GameView } from './game-shapes';
import { gameSummary, gameView, readGame, type GameRecord } from './game-store';

/** The lobby holds at most this many games, newest first. */
export const LOBBY_LIMIT = 200;

/** The lobby: games of a type and / or status, newest first (no passwords, only isPrivate). */
export async function listGames(deps: ApiDeps, input: ListGamesInput): Promise<GameSummary[]> {
  const where: SQL[] = [];
  if (input.gameType) where.push(eq(games.gameType, input.gameType));
  if (input.status) where.push(eq(games.status, input.status));
  const rows = deps.db
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
    .limit(LOBBY_LIMIT)
    .all();
  return rows.map((row) => gameSummary(row as GameRecord));
}

/** One room's public view: any signed-in viewer may read it (the lobby shows the same). */
export async function getGame(deps: ApiDeps, id: string): Promise<GameView> {
  return gameView(deps.db, readGame(deps.db, id));
}
