/** Counts failures per key in a fixed window. In memory today; a shared store can implement the same interface. */
export interface RateLimiter {
  isBlocked(key: string, now?: number): boolean;
  recordFailure(key: string, now?: number): void;
  reset(key: string): void;
}

export function createMemoryRateLimiter(opts: { max: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.endsAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    isBlocked(key, now = Date.now()) {
      return (current(key, now)?.count ?? 0) >= opts.max;
    },
    recordFailure(key, now = Date.now()) {
      const w = current(key, now);
      if (w) w.count += 1;
      else windows.set(key, { count: 1, endsAt: now + opts.windowMs });
      if (windows.size > 100_000) windows.clear(); // bound memory under a flood of made-up names
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

export interface LoginLimiters {
  byUsername: RateLimiter;
  byAddress: RateLimiter;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export function createLoginLimiters(): LoginLimiters {
  return {
    byUsername: createMemoryRateLimiter({ max: 5, windowMs: FIFTEEN_MINUTES }),
    byAddress: createMemoryRateLimiter({ max: 30, windowMs: FIFTEEN_MINUTES }),
  };
}
