import { describe, expect, it } from 'vitest';
import {
  canJoinGame,
  gamePlayers,
  isNimState,
  joinCollabCode,
  joinNim,
  newCollabCodeGame,
  newNimGame,
  type GameStatus,
} from '../src';

const nim = (status: GameStatus, players: string[]) =>
  canJoinGame({ gameType: 'Nim', status, players });
const collab = (status: GameStatus, players: string[], playerLimit = 3) =>
  canJoinGame({ gameType: 'CollabCode', status, players, playerLimit });

describe('the Join button', () => {
  it('Nim: only while WAITING_TO_START', () => {
    expect(nim('WAITING_TO_START', ['ann'])).toBe(true);
    expect(nim('IN_PROGRESS', ['ann', 'bob'])).toBe(false);
    expect(nim('OVER', ['ann', 'bob'])).toBe(false);
  });

  it('CollabCode: whenever not OVER', () => {
    expect(collab('WAITING_TO_START', [])).toBe(true);
    expect(collab('IN_PROGRESS', ['ann'])).toBe(true);
    expect(collab('OVER', ['ann'])).toBe(false);
  });

  it('disabled when the player limit is at most the number of players', () => {
    expect(collab('IN_PROGRESS', ['ann', 'bob'], 3)).toBe(true);
    expect(collab('IN_PROGRESS', ['ann', 'bob', 'cat'], 3)).toBe(false);
    expect(nim('WAITING_TO_START', ['ann', 'bob'])).toBe(false);
  });
});

describe('game state helpers', () => {
  it('tell Nim and CollabCode states apart and list the players in join order', () => {
    const nimState = joinNim(joinNim(newNimGame(), 'ann'), 'bob');
    const collabState = joinCollabCode(
      newCollabCodeGame({ playerLimit: 4, timeLimit: 60, problemId: 1 }),
      'cat',
      0,
    );
    expect(isNimState(nimState)).toBe(true);
    expect(isNimState(collabState)).toBe(false);
    expect(gamePlayers(nimState)).toEqual(['ann', 'bob']);
    expect(gamePlayers(collabState)).toEqual(['cat']);
  });
});
