import { describe, expect, it } from 'vitest';
import { parseMove, voteProblemUpdate, wireGame, wireMessage } from './socket/wire';

describe('socket wire shapes', () => {
  it('reads both makeMove shapes of SPEC §7', () => {
    const nested = {
      gameID: 'g1',
      move: { playerID: 'ann', gameID: 'g1', move: { numObjects: 2 } },
    };
    expect(parseMove(nested)).toEqual({
      gameID: 'g1',
      playerID: 'ann',
      kind: 'nim',
      numObjects: 2,
    });
    const flat = { gameID: 'g1', playerID: 'ann', move: { updatedCode: 'x' } };
    expect(parseMove(flat)).toEqual({ gameID: 'g1', playerID: 'ann', kind: 'code', code: 'x' });
    for (const bad of [null, 'g1', { gameID: 'g1' }, { gameID: 1, playerID: 'a', move: {} }])
      expect(parseMove(bad)).toBeNull();
  });

  it('names messages and votes as §3 does, dates as ISO', () => {
    const at = new Date('2024-01-02T03:04:05Z');
    expect(wireMessage({ id: 7, msg: 'hi', msgFrom: 'ann', msgDateTime: at })).toEqual({
      _id: '7',
      msg: 'hi',
      msgFrom: 'ann',
      msgDateTime: '2024-01-02T03:04:05.000Z',
    });
    expect(voteProblemUpdate(3, ['a'], [])).toEqual({ pid: '3', upVotes: ['a'], downVotes: [] });
  });

  it('marks a private game with password but never its value', () => {
    const game = wireGame({
      id: 'g1',
      title: 'T',
      gameType: 'Nim',
      status: 'WAITING_TO_START',
      players: [],
      isPrivate: true,
      createdAt: new Date(0),
      deadline: null,
      state: {
        status: 'WAITING_TO_START',
        player1: null,
        player2: null,
        moves: [{ player: 'ann', numObjects: 1 }],
        remainingObjects: 20,
        winners: [],
      },
    });
    expect(game).toMatchObject({ gameID: 'g1', password: '' });
    expect(game.state).toMatchObject({ moves: [{ playerID: 'ann', move: { numObjects: 1 } }] });
  });
});
