import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from './time';

const now = new Date(2026, 10, 22, 15, 30, 45); // Nov 22, 2026 15:30:45 local time
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime (SPEC §9)', () => {
  it("says 'N seconds ago' under 60 s", () => {
    expect(formatRelativeTime(ago(0), now)).toBe('0 seconds ago');
    expect(formatRelativeTime(ago(SECOND), now)).toBe('1 second ago');
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe('59 seconds ago');
  });

  it("says 'N minutes ago' from 60 s to under 1 hour", () => {
    expect(formatRelativeTime(ago(60 * SECOND), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(2 * MINUTE), now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(HOUR - SECOND), now)).toBe('59 minutes ago');
  });

  it("says 'N hours ago' from 1 hour to under 1 day", () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(2 * HOUR), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(DAY - SECOND), now)).toBe('23 hours ago');
  });

  it("says 'Mon DD at HH:MM' (no seconds) from 1 day to under a year", () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('Nov 21 at 15:30');
    expect(formatRelativeTime(new Date(2026, 0, 5, 7, 8, 9), now)).toBe('Jan 05 at 07:08');
    expect(formatRelativeTime(ago(365 * DAY - SECOND), now)).toMatch(/^Nov 2[23] at 15:30$/);
  });

  it("says 'Mon DD, YYYY at HH:MM' (no seconds) from a year on", () => {
    expect(formatRelativeTime(ago(365 * DAY), now)).toMatch(/^Nov 2[23], 2025 at 15:30$/);
    expect(formatRelativeTime(new Date(2019, 2, 1, 23, 59, 0), now)).toBe('Mar 01, 2019 at 23:59');
  });

  it("says 'just now' for a time after the clock, never a count of seconds", () => {
    expect(formatRelativeTime(ago(-13 * SECOND), now)).toBe('just now');
    expect(formatRelativeTime(ago(-2 * DAY), now)).toBe('just now');
  });

  it('never shows a newer time as older than an earlier one against the same clock', () => {
    const older = formatRelativeTime(ago(5 * SECOND), now);
    const newer = formatRelativeTime(ago(-13 * SECOND), now);
    expect(older).toBe('5 seconds ago');
    expect(newer).not.toMatch(/\d+ seconds? ago/);
  });

  it('gives the exact date and time, with seconds, for the hover text', () => {
    expect(formatExactTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('Jan 05, 2026 at 07:08:09');
    expect(formatExactTime(now)).toBe('Nov 22, 2026 at 15:30:45');
  });
});
