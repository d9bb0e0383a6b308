import { firstRow, gamePlayers, games, submissions, users } from '@app/db';
import { gamePlayers as playersOfState, playerResult, type GameState } from '@app/games';
import { userMessages } from '@app/validators';
import { and, countDistinct, desc, eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';

/** The last finished games a profile lists. */
export const RECENT_GAMES = 10;
/** The finished games counted for won / lost (the newest; a bound on one profile's reads). */
export const COUNTED_GAMES = 2000;

export interface RecentGame {
  id: string;
  title: string;
  gameType: 'Nim' | 'CollabCode';
  opponents: string[];
  result: 'won' | 'lost';
  playedAt: Date;
}

export interface PlayStats {
  played: number;
  won: number;
  lost: number;
  recent: RecentGame[];
  problemsSolved: number;
}

/**
 * A profile's play: the user's finished games (through game_players' user index, newest first, at
 * most COUNTED_GAMES read) as played, won and lost, the last RECENT_GAMES with their opponents and
 * results, and the problems solved (distinct problems with a submission of theirs).
 */
export async function playStats(deps: ApiDeps, username: string): Promise<PlayStats> {
  const user = await firstRow(
    deps.db.select({ id: users.id }).from(users).where(eq(users.username, username)),
  );
  if (!user) throw new Refusal({ code: 'NOT_FOUND', message: userMessages.noData });
  const rows = await deps.db
    .select({
      id: games.id,
      title: games.title,
      gameType: games.gameType,
      state: games.state,
      updatedAt: games.updatedAt,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(and(eq(gamePlayers.userId, user.id), eq(games.status, 'OVER')))
    .orderBy(desc(games.updatedAt), desc(games.id))
    .limit(COUNTED_GAMES);
  let won = 0;
  let lost = 0;
  const recent: RecentGame[] = [];
  for (const row of rows) {
    const state = row.state as GameState;
    const result = playerResult(state, username);
    if (result === null) continue;
    if (result === 'won') won += 1;
    else lost += 1;
    if (recent.length < RECENT_GAMES) {
      recent.push({
        id: row.id,
        title: row.title,
        gameType: row.gameType,
        opponents: playersOfState(state).filter((player) => player !== username),
        result,
        playedAt: row.updatedAt,
      });
    }
  }
  const solved = await firstRow(
    deps.db
      .select({ count: countDistinct(submissions.problemId) })
      .from(submissions)
      .where(eq(submissions.submissionBy, user.id)),
  );
  return { played: won + lost, won, lost, recent, problemsSolved: Number(solved?.count ?? 0) };
}
