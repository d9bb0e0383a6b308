import { games } from '@app/db';
import { joinCollabCode, joinNim, newCollabCodeGame, newNimGame } from '@app/games';
import type { CreateCollabCodeGameData, CreateNimGameData } from '@app/validators';
import { randomBytes } from 'node:crypto';
import type { ApiDeps } from '../../core/deps';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { assertProblemExists } from '../problems/problem-tests';
import { hashPassword } from '../users/passwords';
import { gameView, readGame, syncPlayers, type GameRecord } from './game-store';

/** Random, URL-safe, unguessable: a private game's id says nothing about it. */
export const newGameId = (): string => randomBytes(9).toString('base64url');

type NewGame = Pick<GameRecord, 'title' | 'gameType' | 'state' | 'problemId'>;

async function createGame(deps: ApiDeps, viewer: Viewer, game: NewGame, password?: string) {
  // Hashing is slow work: done before the write, never inside it.
  const passwordHash = password ? await hashPassword(password, deps.scryptLogN) : null;
  const id = newGameId();
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    if (game.problemId !== null) await assertProblemExists(tx, game.problemId);
    await tx.insert(games).values({
      id,
      title: game.title,
      gameType: game.gameType,
      passwordHash,
      status: game.state.status,
      state: game.state,
      problemId: game.problemId,
      createdBy: viewer.id,
      createdAt: now,
      updatedAt: now,
    });
    const record = await readGame(tx, id);
    await syncPlayers(tx, record, now);
    const view = await gameView(tx, record);
    return { game: view, event: publish('game', id, { type: 'state', game: view }) };
  });
}

export function createNimGame(deps: ApiDeps, viewer: Viewer, input: CreateNimGameData) {
  // The creator takes the first seat (issue 24); the original client joins after creating instead.
  const state = input.seatCreator ? joinNim(newNimGame(), viewer.username) : newNimGame();
  return createGame(
    deps,
    viewer,
    { title: input.title, gameType: 'Nim', state, problemId: null },
    input.isPrivate ? input.password : undefined,
  );
}

export function createCollabCodeGame(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateCollabCodeGameData,
) {
  const fresh = newCollabCodeGame({
    playerLimit: input.playerLimit,
    timeLimit: input.timeLimit,
    problemId: input.problemId,
  });
  // Seated alone, the creator waits: the clock starts with the second player (or Start).
  const state = input.seatCreator ? joinCollabCode(fresh, viewer.username, Date.now()) : fresh;
  return createGame(
    deps,
    viewer,
    { title: input.title, gameType: 'CollabCode', state, problemId: input.problemId },
    input.isPrivate ? input.password : undefined,
  );
}
