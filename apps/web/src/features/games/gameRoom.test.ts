import { describe, expect, it } from 'vitest';
import { gameMessages } from '@app/validators';
import {
  applyGameState,
  countdownLabel,
  formatCountdown,
  isTimeUp,
  leaveConfirmation,
  nimMaxTake,
  nimMoveFromInput,
  nimPlayerToMove,
  nimTakeFromInput,
  roomTitle,
  statusLine,
  winnersLabel,
} from './gameRoom';

describe('room header', () => {
  it('titles the room by type and shows the status', () => {
    expect(roomTitle('Nim')).toBe('Nim Game');
    expect(roomTitle('CollabCode')).toBe('Collaborative Coding');
    expect(statusLine('IN_PROGRESS')).toBe('Status: IN_PROGRESS');
    expect(statusLine(undefined)).toBe('Not started');
  });
});

describe('leaving a game in progress', () => {
  it('asks a Nim player to resign: leaving gives the game to the other player', () => {
    expect(leaveConfirmation('Nim')).toEqual({
      title: 'Resign this game?',
      body: 'Leaving now gives the game to the other player.',
      action: 'Resign',
    });
  });

  it('asks a CollabCode player to leave, not resign: the others play on', () => {
    expect(leaveConfirmation('CollabCode')).toEqual({
      title: 'Leave this game?',
      body: 'Leaving now takes you out of the game; the others play on.',
      action: 'Leave',
    });
  });
});

describe('Nim', () => {
  const state = { status: 'IN_PROGRESS', player1: 'ann', player2: 'bob', moves: [] as unknown[] };
  it('alternates the turn by move count, nobody when not in progress', () => {
    expect(nimPlayerToMove(state)).toBe('ann');
    expect(nimPlayerToMove({ ...state, moves: [{}] })).toBe('bob');
    expect(nimPlayerToMove({ ...state, moves: [{}, {}] })).toBe('ann');
    expect(nimPlayerToMove({ ...state, status: 'OVER' })).toBeNull();
  });
  it('takes the last typed digit 1 to 3; empty resets to 1 (SPEC §5)', () => {
    expect(nimMoveFromInput('2')).toBe(2);
    expect(nimMoveFromInput('23')).toBe(3);
    expect(nimMoveFromInput('')).toBe(1);
    expect(nimMoveFromInput('25')).toBe(2);
    expect(nimMoveFromInput('3a')).toBe(3);
  });
  it('names the winners or says No winner', () => {
    expect(winnersLabel([])).toBe('No winner');
    expect(winnersLabel(['ann'])).toBe('Winner: ann');
    expect(winnersLabel(['ann', 'bob'])).toBe('Winners: ann, bob');
  });
});

describe('the Nim move input near the end', () => {
  it('takes at most min(3, remaining) objects', () => {
    expect(nimMaxTake(21)).toBe(3);
    expect(nimMaxTake(2)).toBe(2);
    expect(nimMaxTake(1)).toBe(1);
  });

  it('caps a typed 3 when one object is left, saying why', () => {
    expect(nimTakeFromInput('3', 1)).toEqual({ take: 1, refused: gameMessages.nimTooMany(1) });
    expect(nimTakeFromInput('13', 2)).toEqual({ take: 2, refused: gameMessages.nimTooMany(2) });
    expect(nimTakeFromInput('2', 2)).toEqual({ take: 2, refused: null });
    expect(nimTakeFromInput('', 1)).toEqual({ take: 1, refused: null });
  });
});

describe('countdown', () => {
  it('shows minutes:seconds, rounded up, never below 0:00', () => {
    expect(formatCountdown(60 * 60_000)).toBe('60:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(999)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
  it('says No Start Time without a deadline', () => {
    expect(countdownLabel(null, 0)).toBe('No Start Time');
    expect(countdownLabel(90_000, 30_000)).toBe('1:00');
  });
  it('is up at the deadline', () => {
    expect(isTimeUp(null, 10)).toBe(false);
    expect(isTimeUp(100, 99)).toBe(false);
    expect(isTimeUp(100, 100)).toBe(true);
  });
});

describe('applyGameState', () => {
  const nim = (status: string, moves: number, player1: string | null = 'ann') => ({
    id: 'g',
    status,
    state: { player1, moves: Array.from({ length: moves }, () => ({ numObjects: 1 })) },
  });

  it('replaces the cached game with the newest state', () => {
    const start = nim('IN_PROGRESS', 0);
    const moved = nim('IN_PROGRESS', 1);
    expect(applyGameState(undefined, start)).toBe(start);
    expect(applyGameState(start, moved)).toBe(moved);
    expect(applyGameState(moved, nim('OVER', 1))).toEqual(nim('OVER', 1));
  });

  it("ignores a move's reply that lands after the opponent's next move", () => {
    const afterMyMove = nim('IN_PROGRESS', 6);
    const afterTheirs = nim('IN_PROGRESS', 7);
    expect(applyGameState(afterTheirs, afterMyMove)).toBe(afterTheirs);
    expect(applyGameState(nim('OVER', 7), nim('IN_PROGRESS', 7))).toEqual(nim('OVER', 7));
  });

  it('takes a change that goes no further (a seat freed while waiting) as it comes', () => {
    const left = nim('WAITING_TO_START', 0, null);
    expect(applyGameState(nim('WAITING_TO_START', 0), left)).toBe(left);
  });
});

describe('userColor', () => {
  it('gives a name the same colour every time, with a light tint', async () => {
    const { userColor } = await import('./userColor');
    expect(userColor('ann')).toEqual(userColor('ann'));
    expect(userColor('ann').color).toMatch(/^#[0-9a-f]{6}$/);
    expect(userColor('ann').colorLight).toBe(`${userColor('ann').color}33`);
  });
});
