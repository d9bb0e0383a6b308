import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingTime } from '../src';

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

describe('remaining time (timeLimit minutes minus the time elapsed since startTime)', () => {
  it('is the whole time limit at the start', () => {
    expect(remainingTime(T0, 60, T0)).toEqual({ minutes: 60, seconds: 0, expired: false });
  });

  it('counts down in minutes and seconds', () => {
    expect(remainingTime(T0, 10, T0 + 2 * MINUTE + 15_000)).toEqual({
      minutes: 7,
      seconds: 45,
      expired: false,
    });
  });

  it('rounds part of a second up, so 0:00 shows only when the time is up', () => {
    expect(remainingTime(T0, 5, T0 + 5 * MINUTE - 1)).toEqual({
      minutes: 0,
      seconds: 1,
      expired: false,
    });
  });

  it('is expired at zero', () => {
    expect(remainingTime(T0, 5, T0 + 5 * MINUTE)).toEqual({
      minutes: 0,
      seconds: 0,
      expired: true,
    });
  });

  it('is expired below zero, never negative', () => {
    expect(remainingTime(T0, 5, T0 + 9 * MINUTE)).toEqual({
      minutes: 0,
      seconds: 0,
      expired: true,
    });
  });
});

describe('countdown formatting (m:ss)', () => {
  it('pads the seconds to two digits', () => {
    expect(formatCountdown(MINUTE + 5_000)).toBe('1:05');
  });

  it('shows minutes beyond 59 as they are', () => {
    expect(formatCountdown(240 * MINUTE)).toBe('240:00');
    expect(formatCountdown(60 * MINUTE)).toBe('60:00');
  });

  it('shows under a minute as 0:ss', () => {
    expect(formatCountdown(59_000)).toBe('0:59');
  });

  it('rounds part of a second up', () => {
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(59_001)).toBe('1:00');
  });

  it('shows 0:00 when expired (zero or below)', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-12_345)).toBe('0:00');
  });

  it('agrees with remainingTime', () => {
    const now = T0 + 3 * MINUTE + 20_500;
    const { minutes, seconds } = remainingTime(T0, 10, now);
    expect(formatCountdown(T0 + 10 * MINUTE - now)).toBe(
      `${minutes}:${String(seconds).padStart(2, '0')}`,
    );
  });
});
