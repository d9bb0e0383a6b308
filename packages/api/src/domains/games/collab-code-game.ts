import { gameMessages } from '@app/validators';
import { Refusal } from '../../core/errors';
import type { GameRecord } from './game-store';

export type CollabCodeRecord = Extract<GameRecord, { gameType: 'CollabCode' }>;

/** The game, which must be a CollabCode one (a shared document, tests to run). */
export function collabCodeGame(game: GameRecord): CollabCodeRecord {
  if (game.gameType !== 'CollabCode') {
    throw new Refusal({ code: 'BAD_REQUEST', message: gameMessages.unknownGameType });
  }
  return game;
}
