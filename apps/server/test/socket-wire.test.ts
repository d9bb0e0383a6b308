import type { GameView } from '@app/api';
import { describe, expect, it } from 'vitest';
import * as rest from '../src/legacy/wire';
import {
  parseMove,
  PRIVATE_GAME_MARK,
  userUpdate,
  voteProblemUpdate,
  wireGame,
  wireMessage,
} from '../src/legacy/wire';

/** What a payload is once socket.io has encoded it (JSON.stringify, as Express does for REST). */
const onTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const privateNim: GameView = {
  id: 'g1',
  title: 'T',
  gameType: 'Nim',
  status: 'WAITING_TO_START',
  players: [],
  isPrivate: true,
  createdAt: new Date('2024-01-02T03:04:05Z'),
  deadline: null,
  state: {
    status: 'WAITING_TO_START',
    player1: null,
    player2: null,
    moves: [{ player: 'ann', numObjects: 1 }],
    remainingObjects: 20,
    winners: [],
  },
};

const startedCollab: GameView = {
  id: 'g2',
  title: 'Add',
  gameType: 'CollabCode',
  status: 'IN_PROGRESS',
  players: ['ann'],
  isPrivate: false,
  playerLimit: 2,
  problemId: 4,
  createdAt: new Date('2024-01-02T03:04:05Z'),
  deadline: Date.parse('2024-01-02T03:35:00Z'),
  state: {
    status: 'IN_PROGRESS',
    players: ['ann'],
    playerLimit: 2,
    timeLimit: 30,
    startTime: Date.parse('2024-01-02T03:05:00Z'),
    problemId: 4,
    winners: [],
  },
};

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

  it('is the REST shapes: one entity looks the same through both doors', () => {
    expect(wireGame).toBe(rest.wireGame);
    expect(wireMessage).toBe(rest.wireMessage);
    expect(PRIVATE_GAME_MARK).toBe(rest.PRIVATE_GAME_MARK);
    const user = { username: 'ann', biography: 'hi', dateJoined: new Date(0), reputation: 1 };
    expect(userUpdate({ type: 'updated', user })).toEqual({
      type: 'updated',
      user: rest.wireUser(user),
    });
  });

  it('names messages and votes as §3 does, dates as ISO on the wire', () => {
    const at = new Date('2024-01-02T03:04:05Z');
    expect(onTheWire(wireMessage({ id: 7, msg: 'hi', msgFrom: 'ann', msgDateTime: at }))).toEqual({
      _id: '7',
      msg: 'hi',
      msgFrom: 'ann',
      msgDateTime: '2024-01-02T03:04:05.000Z',
    });
    expect(voteProblemUpdate(3, ['a'], [])).toEqual({ pid: '3', upVotes: ['a'], downVotes: [] });
  });

  it('marks a private game with a truthy password that is never its value', () => {
    const game = onTheWire(wireGame(privateNim)) as Record<string, unknown>;
    expect(game).toMatchObject({ gameID: 'g1', password: PRIVATE_GAME_MARK });
    expect(PRIVATE_GAME_MARK).toBeTruthy();
    expect(game.state).toMatchObject({ moves: [{ playerID: 'ann', move: { numObjects: 1 } }] });
    expect(onTheWire(wireGame({ ...privateNim, isPrivate: false }))).not.toHaveProperty('password');
  });

  it("gives a CollabCode game's startTime and createdAt as ISO strings, as REST does", () => {
    const game = onTheWire(wireGame(startedCollab, 'function add() {}')) as {
      createdAt: string;
      state: Record<string, unknown>;
    };
    expect(game.createdAt).toMatch(ISO);
    expect(game.state).toMatchObject({
      startTime: '2024-01-02T03:05:00.000Z',
      timeLimit: 30,
      problemID: '4',
      currentCode: 'function add() {}',
    });
    const waiting = { ...startedCollab, state: { ...startedCollab.state, startTime: null } };
    expect((onTheWire(wireGame(waiting)) as typeof game).state.startTime).toBeNull();
  });
});
