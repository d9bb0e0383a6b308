import type { UserEvent } from '@app/api';
import { wireUser } from '../rest/wire';

/**
 * What socket.io events carry: the REST adapters' shapes (rest/wire.ts), so that both doors of the
 * original client hand out one entity one way: SPEC §3's field names, `_id` as strings, a private
 * game's `password` as PRIVATE_GAME_MARK. Dates are Date objects here, and ISO strings on the wire:
 * socket.io encodes packets with JSON.stringify, as Express encodes REST answers. Pure: whatever
 * must be read first (a question page, a chat's messages) is read by the bridge.
 */
export {
  PRIVATE_GAME_MARK,
  wireAnswer,
  wireChat,
  wireComment,
  wireGame,
  wireMessage,
  wireQuestion,
  wireTestResult,
  wireUser,
} from '../rest/wire';

export const userUpdate = (event: UserEvent) => ({ user: wireUser(event.user), type: event.type });

/** A vote's new lists: voteUpdate (questions) and voteProblemUpdate (problems). */
export const voteUpdate = (qid: number, upVotes: string[], downVotes: string[]) => ({
  qid: String(qid),
  upVotes: [...upVotes],
  downVotes: [...downVotes],
});
export const voteProblemUpdate = (pid: number, upVotes: string[], downVotes: string[]) => ({
  pid: String(pid),
  upVotes: [...upVotes],
  downVotes: [...downVotes],
});

/**
 * makeMove as the original client sends it: §7's `{gameID, move: {playerID, gameID, move}}`, or the
 * flat `{gameID, playerID, move}`. Null when it is neither.
 */
export type ParsedMove =
  | { gameID: string; playerID: string; kind: 'nim'; numObjects: unknown }
  | { gameID: string; playerID: string; kind: 'code'; code: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseMove(payload: unknown): ParsedMove | null {
  if (!isRecord(payload)) return null;
  const inner = isRecord(payload.move) && 'playerID' in payload.move ? payload.move : payload;
  const gameID = payload.gameID ?? inner.gameID;
  const playerID = inner.playerID;
  const move = inner.move;
  if (typeof gameID !== 'string' || typeof playerID !== 'string' || !isRecord(move)) return null;
  if ('numObjects' in move) return { gameID, playerID, kind: 'nim', numObjects: move.numObjects };
  if ('updatedCode' in move) return { gameID, playerID, kind: 'code', code: move.updatedCode };
  return null;
}
