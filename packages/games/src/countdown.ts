const MINUTE_MS = 60_000;

export interface RemainingTime {
  minutes: number;
  seconds: number;
  /** Zero or below: the time is up. */
  expired: boolean;
}

/**
 * SPEC §4: timeLimit minutes minus the time elapsed since startTime. Whole seconds are rounded up,
 * so '0:00' shows exactly when the time is up and a fresh 60-minute game shows '60:00'.
 */
export function remainingTime(startTime: number, timeLimit: number, now: number): RemainingTime {
  const remaining = startTime + timeLimit * MINUTE_MS - now;
  const totalSeconds = remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  return {
    minutes: Math.floor(totalSeconds / 60),
    seconds: totalSeconds % 60,
    expired: remaining <= 0,
  };
}

/** Remaining milliseconds as minutes:seconds ('m:ss'); '0:00' once expired. */
export function formatCountdown(ms: number): string {
  const totalSeconds = ms > 0 ? Math.ceil(ms / 1000) : 0;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
