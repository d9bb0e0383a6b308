/**
 * Counts attempts per key in a fixed window. An attempt is counted before the slow work it guards
 * (a password check), so a burst of concurrent attempts cannot all slip past the limit; a successful
 * one is handed back. In memory today; a shared store (Redis) can implement the same async interface.
 */
export interface RateLimiter {
  /** Counts an attempt and says whether it may go ahead (false once the window is full). */
  tryConsume(key: string, now?: number): Promise<boolean>;
  /** Hands back one attempt that turned out fine. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(opts: { max: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async tryConsume(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || w.endsAt <= now) {
        if (windows.size >= 100_000) windows.clear(); // bound memory under a flood of made-up names
        windows.set(key, (w = { count: 0, endsAt: now + opts.windowMs }));
      }
      if (w.count >= opts.max) return false;
      w.count += 1;
      return true;
    },
    async refund(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
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
