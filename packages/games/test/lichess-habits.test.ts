import { gameMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  answerRematch,
  collabCodeRematch,
  endCollabCode,
  GameRuleError,
  isTurnOf,
  joinCollabCode,
  joinNim,
  leaveNim,
  lobbyOrder,
  moveNim,
  newCollabCodeGame,
  newNimGame,
  nimRematch,
  offerRematch,
  playerResult,
  resultLine,
  timeUpLine,
  type NimState,
} from '../src';

function refusal(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(GameRuleError);
    return (error as GameRuleError).message;
  }
}

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const nimStarted = (): NimState => joinNim(joinNim(newNimGame(), 'ann'), 'bob');
/** ann and bob take 3 each until ann must take the last object. */
function annTakesLast(): NimState {
  let state = nimStarted();
  for (const [player, n] of [
    ['ann', 3],
    ['bob', 3],
    ['ann', 3],
    ['bob', 3],
    ['ann', 3],
    ['bob', 3],
    ['ann', 1],
    ['bob', 1],
    ['ann', 1],
  ] as const) {
    state = moveNim(state, player, n);
  }
  return state;
}
const resigned = () => leaveNim(nimStarted(), 'ann');

describe('why a game ended, recorded by the rules', () => {
  it('leaving a Nim game in progress is resigning it', () => {
    expect(resigned().endReason).toEqual({ kind: 'resigned', player: 'ann' });
  });

  it('taking the last object ends a Nim game with who took it', () => {
    expect(annTakesLast()).toMatchObject({
      status: 'OVER',
      winners: ['bob'],
      endReason: { kind: 'lastObject', player: 'ann' },
    });
  });

  it('a game in progress has no reason yet', () => {
    expect(nimStarted().endReason).toBeUndefined();
  });
});

describe('results in plain words', () => {
  it("the winner reads 'You won' and why, the loser 'You lost' and why", () => {
    expect(resultLine(resigned(), 'bob')).toBe('You won — ann resigned');
    expect(resultLine(resigned(), 'ann')).toBe('You lost — you resigned');
    expect(resultLine(annTakesLast(), 'bob')).toBe('You won — ann took the last object');
  });

  it('a spectator reads a neutral line', () => {
    expect(resultLine(resigned(), 'cat')).toBe('bob won — ann resigned');
  });

  it('a CollabCode time-up reads the final score', () => {
    const state = joinCollabCode(
      joinCollabCode(newCollabCodeGame({ playerLimit: 2, timeLimit: 5, problemId: 1 }), 'ann', T0),
      'bob',
      T0,
    );
    const over = endCollabCode(state, {
      winners: [],
      reason: { kind: 'timeUp', passed: 3, total: 5 },
      now: T0,
    });
    expect(resultLine(over, 'ann')).toBe('You lost — time is up');
    expect(resultLine(over, 'cat')).toBe(`${gameMessages.noWinner} — time is up`);
    expect(timeUpLine(over.endReason)).toBe('Time is up — 3 of 5 tests passed');
  });

  it('nothing while the game goes on; won / lost for the profile', () => {
    expect(resultLine(nimStarted(), 'ann')).toBeNull();
    expect(playerResult(resigned(), 'bob')).toBe('won');
    expect(playerResult(resigned(), 'ann')).toBe('lost');
    expect(playerResult(resigned(), 'cat')).toBeNull();
  });
});

describe('rematch', () => {
  it('either player of a finished game offers it; the other accepts or declines', () => {
    const offered = offerRematch(resigned(), 'ann');
    expect(offered.rematch).toEqual({ by: 'ann', status: 'offered', gameId: null });
    expect(answerRematch(offered, 'bob', { accept: true, gameId: 'g2' }).rematch).toEqual({
      by: 'ann',
      status: 'accepted',
      gameId: 'g2',
    });
    expect(answerRematch(offered, 'bob', { accept: false }).rematch?.status).toBe('declined');
  });

  it(`one offer per game: '${gameMessages.rematchTaken}'`, () => {
    const offered = offerRematch(resigned(), 'ann');
    expect(refusal(() => offerRematch(offered, 'bob'))).toBe(gameMessages.rematchTaken);
    const declined = answerRematch(offered, 'bob', { accept: false });
    expect(refusal(() => offerRematch(declined, 'ann'))).toBe(gameMessages.rematchTaken);
  });

  it(`an answered offer is gone: '${gameMessages.rematchGone}'`, () => {
    const declined = answerRematch(offerRematch(resigned(), 'ann'), 'bob', { accept: false });
    expect(refusal(() => answerRematch(declined, 'bob', { accept: true, gameId: 'g2' }))).toBe(
      gameMessages.rematchGone,
    );
    expect(refusal(() => answerRematch(resigned(), 'bob', { accept: false }))).toBe(
      gameMessages.rematchGone,
    );
  });

  it('only once it is over, only for its players, never accepting your own', () => {
    expect(refusal(() => offerRematch(nimStarted(), 'ann'))).toBe(gameMessages.rematchNotOver);
    expect(refusal(() => offerRematch(resigned(), 'cat'))).toBe(gameMessages.notAPlayer);
    const offered = offerRematch(resigned(), 'ann');
    expect(refusal(() => answerRematch(offered, 'ann', { accept: false }))).toBe(
      gameMessages.rematchOwnOffer,
    );
    expect(refusal(() => answerRematch(offered, 'cat', { accept: false }))).toBe(
      gameMessages.notAPlayer,
    );
  });

  it('a Nim rematch swaps the order and starts at once with 21 objects', () => {
    expect(nimRematch(resigned())).toEqual({
      ...newNimGame(),
      player1: 'bob',
      player2: 'ann',
      status: 'IN_PROGRESS',
    });
  });

  it('a CollabCode rematch keeps the settings, seats both and starts the clock', () => {
    const first = newCollabCodeGame({ playerLimit: 3, timeLimit: 7, problemId: 9 });
    expect(collabCodeRematch(first, ['bob', 'ann'], T0)).toMatchObject({
      status: 'IN_PROGRESS',
      players: ['bob', 'ann'],
      playerLimit: 3,
      timeLimit: 7,
      problemId: 9,
      startTime: T0,
    });
  });
});

describe('turns and the lobby', () => {
  it('a Nim game waits for its player to move; CollabCode has no turns', () => {
    expect(isTurnOf(nimStarted(), 'ann')).toBe(true);
    expect(isTurnOf(nimStarted(), 'bob')).toBe(false);
    const collab = joinCollabCode(
      newCollabCodeGame({ playerLimit: 2, timeLimit: 5, problemId: 1 }),
      'ann',
      T0,
    );
    expect(isTurnOf(collab, 'ann')).toBe(false);
  });

  it("the viewer's own games that are not over come first, then the rest in order", () => {
    const games = [
      { id: 'a', status: 'WAITING_TO_START', players: ['cat'] },
      { id: 'b', status: 'OVER', players: ['ann'] },
      { id: 'c', status: 'IN_PROGRESS', players: ['ann', 'bob'] },
      { id: 'd', status: 'WAITING_TO_START', players: [] },
    ];
    expect(lobbyOrder(games, 'ann').map((g) => g.id)).toEqual(['c', 'a', 'b', 'd']);
  });
});
