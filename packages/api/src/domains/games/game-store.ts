import {
  firstRow,
  gamePlayers,
  games,
  problems,
  users,
  type Db,
  type Executor,
  type Tx,
} from '@app/db';
import { collabCodeDeadline, type CollabCodeState, type NimState } from '@app/games';
import { gameMessages } from '@app/validators';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import { hiddenResultView } from '../problems/test-results';
import type { GameSummary, GameTestResults, GameView } from './shapes';

/** A stored game, its state typed by its kind. The password hash stays on the server. */
export type GameRecord = {
  id: string;
  title: string;
  passwordHash: string | null;
  problemId: number | null;
  createdAt: Date;
} & ({ gameType: 'Nim'; state: NimState } | { gameType: 'CollabCode'; state: CollabCodeState });

export const gameNotFound = () =>
  new Refusal({ code: 'NOT_FOUND', message: gameMessages.gameNotFound });

const gameColumns = {
  id: games.id,
  title: games.title,
  gameType: games.gameType,
  passwordHash: games.passwordHash,
  problemId: games.problemId,
  state: games.state,
  createdAt: games.createdAt,
};

/** The game, or NOT_FOUND; inside a write's transaction too. */
export async function readGame(db: Executor, id: string): Promise<GameRecord> {
  const row = await firstRow(db.select(gameColumns).from(games).where(eq(games.id, id)));
  if (!row) throw gameNotFound();
  return row as GameRecord;
}

/** The usernames playing a game now, in seat / join order. */
export function playersOf(
  game: { gameType: 'Nim'; state: NimState } | { gameType: 'CollabCode'; state: CollabCodeState },
): string[] {
  if (game.gameType === 'CollabCode') return [...game.state.players];
  return [game.state.player1, game.state.player2].filter((p): p is string => p !== null);
}

export function gameSummary(game: GameRecord): GameSummary {
  return {
    id: game.id,
    title: game.title,
    gameType: game.gameType,
    status: game.state.status,
    players: playersOf(game),
    isPrivate: game.passwordHash !== null,
    ...(game.gameType === 'CollabCode'
      ? { playerLimit: game.state.playerLimit, problemId: game.state.problemId }
      : {}),
    createdAt: game.createdAt,
  };
}

/** The room's public view: no password, the deadline worked out, the problem's title. */
export async function gameView(db: Executor, game: GameRecord): Promise<GameView> {
  const summary = gameSummary(game);
  if (game.gameType === 'Nim')
    return { ...summary, gameType: 'Nim', state: game.state, deadline: null };
  const problem = await firstRow(
    db
      .select({ title: problems.title })
      .from(problems)
      .where(eq(problems.id, game.state.problemId)),
  );
  return {
    ...summary,
    gameType: 'CollabCode',
    state: game.state,
    deadline: collabCodeDeadline(game.state),
    ...(problem ? { problemTitle: problem.title } : {}),
  };
}

/**
 * Stores a game's new state (status copied out) and makes game_players match its players: inside
 * the write's transaction. Returns the stored record.
 */
export async function saveGameState<G extends GameRecord>(
  tx: Tx,
  game: G,
  state: G['state'],
  now: Date,
): Promise<G> {
  const next = { ...game, state } as G;
  await tx
    .update(games)
    .set({ state, status: state.status, updatedAt: now })
    .where(eq(games.id, game.id));
  await syncPlayers(tx, next, now);
  return next;
}

/** game_players = the players in the state (joined now, for those new to it). */
export async function syncPlayers(tx: Tx, game: GameRecord, now: Date): Promise<void> {
  const names = playersOf(game);
  const ids = names.length
    ? await tx.select({ id: users.id }).from(users).where(inArray(users.username, names))
    : [];
  const keep = ids.map((row) => row.id);
  const current = (
    await tx
      .select({ userId: gamePlayers.userId })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, game.id))
  ).map((row) => row.userId);
  for (const userId of current) {
    if (!keep.includes(userId)) {
      await tx
        .delete(gamePlayers)
        .where(and(eq(gamePlayers.gameId, game.id), eq(gamePlayers.userId, userId)));
    }
  }
  for (const userId of keep) {
    if (!current.includes(userId)) {
      await tx.insert(gamePlayers).values({ gameId: game.id, userId, joinedAt: now });
    }
  }
}

const playerRow = perDb((db) =>
  db
    .select({ one: sql<number>`1` })
    .from(gamePlayers)
    .where(
      and(
        eq(gamePlayers.gameId, sql.placeholder('gameId')),
        eq(gamePlayers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(),
);

/** Whether the user plays the game now: one primary-key lookup (asked for every private event). */
export async function isPlayerNow(db: Db, gameId: string, userId: number): Promise<boolean> {
  return (await firstRow(playerRow(db).execute({ gameId, userId }))) !== undefined;
}

/** Keeps a CollabCode room's latest Run Tests with the game: inside the write's transaction. */
export async function saveTestResults(
  tx: Tx,
  gameId: string,
  results: GameTestResults,
): Promise<void> {
  await tx.update(games).set({ testResults: results }).where(eq(games.id, gameId));
}

const testResultsRow = perDb((db) =>
  db
    .select({ testResults: games.testResults })
    .from(games)
    .where(eq(games.id, sql.placeholder('gameId')))
    .prepare(),
);

/**
 * A room's latest Run Tests, or null before the first. Ask mayReadRoom first: players only. Hidden
 * tests' results are redacted again on the way out: rows kept before figures were withheld still
 * hold theirs.
 */
export async function readTestResults(db: Db, gameId: string): Promise<GameTestResults | null> {
  const row = await firstRow(testResultsRow(db).execute({ gameId }));
  const latest = (row?.testResults ?? null) as GameTestResults | null;
  if (!latest) return null;
  return {
    ...latest,
    results: latest.results.map((result) =>
      result.hidden ? hiddenResultView(result.number, result.status) : result,
    ),
  };
}
