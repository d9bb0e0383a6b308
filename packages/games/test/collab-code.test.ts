import { gameMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  assertCanEdit,
  collabCodeDeadline,
  endCollabCode,
  GAME_STATUS,
  GameRuleError,
  isTimeUp,
  joinCollabCode,
  leaveCollabCode,
  newCollabCodeGame,
  startCollabCode,
  finishingTime,
  type CollabCodeState,
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

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const fresh = (playerLimit = 3, timeLimit = 10): CollabCodeState =>
  newCollabCodeGame({ playerLimit, timeLimit, problemId: 7 });
/** ann alone, who pressed Start at T0. */
const started = (): CollabCodeState =>
  startCollabCode(joinCollabCode(fresh(), 'ann', T0), 'ann', T0);
const TIME_UP = { kind: 'timeUp', passed: 0, total: 2 } as const;
const SOLVED = { kind: 'solved' } as const;

describe('a new CollabCode game', () => {
  it('is WAITING_TO_START with no players, no start time and its settings', () => {
    expect(fresh(4, 60)).toEqual({
      status: 'WAITING_TO_START',
      players: [],
      playerLimit: 4,
      timeLimit: 60,
      startTime: null,
      problemId: 7,
      winners: [],
    });
  });

  it('has no deadline until it starts', () => {
    expect(collabCodeDeadline(fresh())).toBeNull();
    expect(isTimeUp(fresh(), T0 + 1000 * MINUTE)).toBe(false);
  });

  it('refuses settings outside the creation rules, in the same words as the form', () => {
    const make = (playerLimit: number, timeLimit: number, problemId = 7) =>
      refusal(() => newCollabCodeGame({ playerLimit, timeLimit, problemId }));
    expect(make(1, 60)).toBe(gameMessages.minPlayers);
    expect(make(21, 60)).toBe(gameMessages.maxPlayers);
    expect(make(4, 4)).toBe(gameMessages.minTime);
    expect(make(4, 241)).toBe(gameMessages.maxTime);
    expect(make(4, Number.NaN)).toBe(gameMessages.timeLimitNotWhole);
    expect(make(4, 60, 0)).toBe(gameMessages.noProblemId);
    expect(make(2, 5)).toBeNull();
    expect(make(20, 240)).toBeNull();
  });
});

describe('joining CollabCode', () => {
  it('a player alone waits: the clock does not start', () => {
    expect(joinCollabCode(fresh(), 'ann', T0)).toMatchObject({
      status: 'WAITING_TO_START',
      players: ['ann'],
      startTime: null,
    });
  });

  it('the second player starts the game: IN_PROGRESS and the clock starts then', () => {
    const waiting = joinCollabCode(fresh(), 'ann', T0);
    expect(joinCollabCode(waiting, 'bob', T0 + 7 * MINUTE)).toMatchObject({
      status: 'IN_PROGRESS',
      players: ['ann', 'bob'],
      startTime: T0 + 7 * MINUTE,
    });
  });

  it('a player waiting alone may press Start: the clock starts then', () => {
    expect(started()).toMatchObject({ status: 'IN_PROGRESS', players: ['ann'], startTime: T0 });
  });

  it(`Start is for players of a waiting game: '${gameMessages.alreadyStarted}'`, () => {
    const waiting = joinCollabCode(fresh(), 'ann', T0);
    expect(refusal(() => startCollabCode(waiting, 'bob', T0))).toBe(gameMessages.notAPlayer);
    expect(refusal(() => startCollabCode(started(), 'ann', T0))).toBe(gameMessages.alreadyStarted);
  });

  it('later joins keep the start time', () => {
    const state = joinCollabCode(started(), 'bob', T0 + 5 * MINUTE);
    expect(state).toMatchObject({ players: ['ann', 'bob'], startTime: T0 });
  });

  it('joining again changes nothing', () => {
    const state = started();
    expect(joinCollabCode(state, 'ann', T0 + MINUTE)).toEqual(state);
  });

  it(`refuses a player beyond the player limit: '${gameMessages.gameFull}'`, () => {
    const full = joinCollabCode(joinCollabCode(started(), 'bob', T0), 'cat', T0);
    expect(full.players).toHaveLength(3);
    expect(refusal(() => joinCollabCode(full, 'dan', T0))).toBe(gameMessages.gameFull);
  });

  it('a seat freed by a leaving player can be taken again', () => {
    const full = joinCollabCode(joinCollabCode(started(), 'bob', T0), 'cat', T0);
    const state = joinCollabCode(leaveCollabCode(full, 'bob'), 'dan', T0 + MINUTE);
    expect(state.players).toEqual(['ann', 'cat', 'dan']);
  });

  it(`refuses to join an OVER game: '${gameMessages.gameOver}'`, () => {
    const over = endCollabCode(started(), { winners: [], reason: TIME_UP, now: T0 });
    expect(refusal(() => joinCollabCode(over, 'bob', T0))).toBe(gameMessages.gameOver);
  });

  it(`refuses to join once the time is up: '${gameMessages.timeUp}'`, () => {
    expect(refusal(() => joinCollabCode(started(), 'bob', T0 + 10 * MINUTE))).toBe(
      gameMessages.timeUp,
    );
  });
});

describe('the CollabCode clock', () => {
  it('the deadline is the start time plus the time limit in minutes', () => {
    expect(collabCodeDeadline(started())).toBe(T0 + 10 * MINUTE);
  });

  it('the time is not up before the deadline', () => {
    expect(isTimeUp(started(), T0 + 10 * MINUTE - 1)).toBe(false);
  });

  it('the time is up at the deadline (zero) and after it', () => {
    expect(isTimeUp(started(), T0 + 10 * MINUTE)).toBe(true);
    expect(isTimeUp(started(), T0 + 11 * MINUTE)).toBe(true);
  });
});

describe('editing the shared code', () => {
  it('is allowed for a player while in progress and before the deadline', () => {
    expect(refusal(() => assertCanEdit(started(), 'ann', T0 + 10 * MINUTE - 1))).toBeNull();
  });

  it(`is refused to someone who is not a player: '${gameMessages.notAPlayer}'`, () => {
    expect(refusal(() => assertCanEdit(started(), 'bob', T0))).toBe(gameMessages.notAPlayer);
  });

  it(`is refused once the time is up: '${gameMessages.timeUp}'`, () => {
    expect(refusal(() => assertCanEdit(started(), 'ann', T0 + 10 * MINUTE))).toBe(
      gameMessages.timeUp,
    );
  });

  it(`is refused after the game is OVER: '${gameMessages.gameOver}'`, () => {
    const over = endCollabCode(started(), { winners: ['ann'], reason: SOLVED, now: T0 });
    expect(refusal(() => assertCanEdit(over, 'ann', T0))).toBe(gameMessages.gameOver);
  });

  it(`is refused before the game starts: '${gameMessages.gameNotStarted}'`, () => {
    expect(refusal(() => assertCanEdit(fresh(), 'ann', T0))).toBe(gameMessages.gameNotStarted);
  });

  it('is refused to a player who left', () => {
    const left = leaveCollabCode(joinCollabCode(started(), 'bob', T0), 'bob');
    expect(refusal(() => assertCanEdit(left, 'bob', T0))).toBe(gameMessages.notAPlayer);
  });
});

describe('leaving CollabCode', () => {
  it('removes the player and the game goes on', () => {
    const state = leaveCollabCode(joinCollabCode(started(), 'bob', T0), 'ann');
    expect(state).toMatchObject({ status: 'IN_PROGRESS', players: ['bob'], startTime: T0 });
  });

  it('the game goes on even when the last player leaves (the clock still ends it)', () => {
    const state = leaveCollabCode(started(), 'ann');
    expect(state).toMatchObject({ status: 'IN_PROGRESS', players: [] });
    expect(collabCodeDeadline(state)).toBe(T0 + 10 * MINUTE);
  });

  it(`is refused to someone who is not a player: '${gameMessages.notAPlayer}'`, () => {
    expect(refusal(() => leaveCollabCode(started(), 'bob'))).toBe(gameMessages.notAPlayer);
  });

  it('an OVER game changes nothing', () => {
    const over = endCollabCode(started(), { winners: ['ann'], reason: SOLVED, now: T0 });
    expect(leaveCollabCode(over, 'ann')).toEqual(over);
  });
});

describe('the end of a CollabCode game', () => {
  it('when all tests pass, every player wins and the game is OVER', () => {
    const state = joinCollabCode(started(), 'bob', T0);
    expect(endCollabCode(state, { winners: state.players, reason: SOLVED, now: T0 })).toMatchObject(
      {
        status: GAME_STATUS.over,
        winners: ['ann', 'bob'],
      },
    );
  });

  it("when the time runs out, the game is OVER with no winners ('No winner')", () => {
    expect(endCollabCode(started(), { winners: [], reason: TIME_UP, now: T0 })).toMatchObject({
      status: 'OVER',
      winners: [],
    });
  });

  it('records why it ended and when: the clock stops and the finishing time is kept', () => {
    const solved = endCollabCode(started(), {
      winners: ['ann'],
      reason: SOLVED,
      now: T0 + 3 * MINUTE,
    });
    expect(solved).toMatchObject({ endReason: SOLVED, endedAt: T0 + 3 * MINUTE });
    expect(finishingTime(solved)).toBe(3 * MINUTE);
    const timedOut = endCollabCode(started(), {
      winners: [],
      reason: TIME_UP,
      now: T0 + 10 * MINUTE,
    });
    expect(timedOut.endReason).toEqual({ kind: 'timeUp', passed: 0, total: 2 });
  });

  it(`cannot end twice: '${gameMessages.gameOver}'`, () => {
    const over = endCollabCode(started(), { winners: [], reason: TIME_UP, now: T0 });
    expect(refusal(() => endCollabCode(over, { winners: [], reason: TIME_UP, now: T0 }))).toBe(
      gameMessages.gameOver,
    );
  });

  it(`only players can win: '${gameMessages.notAPlayer}'`, () => {
    expect(
      refusal(() => endCollabCode(started(), { winners: ['zed'], reason: SOLVED, now: T0 })),
    ).toBe(gameMessages.notAPlayer);
  });
});
