import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './time';

const now = new Date(2026, 10, 22, 15, 30, 45); // Nov 22, 2026 15:30:45 local time
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime (SPEC §9)', () => {
  it("says 'N seconds ago' under 60 s", () => {
    expect(formatRelativeTime(ago(0), now)).toBe('0 seconds ago');
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe('59 seconds ago');
  });

  it("says 'N minutes ago' from 60 s to under 1 hour", () => {
    expect(formatRelativeTime(ago(60 * SECOND), now)).toBe('1 minutes ago');
    expect(formatRelativeTime(ago(HOUR - SECOND), now)).toBe('59 minutes ago');
  });

  it("says 'N hours ago' from 1 hour to under 1 day", () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hours ago');
    expect(formatRelativeTime(ago(DAY - SECOND), now)).toBe('23 hours ago');
  });

  it("says 'Mon DD at HH:MM:SS' from 1 day to under a year", () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('Nov 21 at 15:30:45');
    expect(formatRelativeTime(new Date(2026, 0, 5, 7, 8, 9), now)).toBe('Jan 05 at 07:08:09');
    expect(formatRelativeTime(ago(365 * DAY - SECOND), now)).toMatch(/^Nov 2[23] at 15:30:4[56]$/);
  });

  it("says 'Mon DD, YYYY at HH:MM:SS' from a year on", () => {
    expect(formatRelativeTime(ago(365 * DAY), now)).toMatch(/^Nov 2[23], 2025 at 15:30:45$/);
    expect(formatRelativeTime(new Date(2019, 2, 1, 23, 59, 0), now)).toBe(
      'Mar 01, 2019 at 23:59:00',
    );
  });
});
