import { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimitKind, type RateLimits } from './limits';

export { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from './limits';

/**
 * Counts attempts per key in a fixed window. An attempt is counted before the work it guards (a
 * password check, a write), so a burst of concurrent attempts cannot all slip past the limit; one
 * that should not count (a successful login, a write that was refused) is handed back.
 * This is the seam for a multi-process deployment: every method is async, and the keys are plain
 * strings, so a shared store (Redis: INCRBY with an expiry per key, DECRBY to refund) can implement
 * the same interface. In memory today.
 */
export interface RateLimiter {
  /** Counts `cost` attempts (1 unless told) and says whether they may go ahead (false once the window would overflow). */
  tryConsume(key: string, opts?: { cost?: number; now?: number }): Promise<boolean>;
  /** Hands back attempts that turned out fine (1 unless told). */
  refund(key: string, cost?: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Keys kept before the map is cleared: bounds memory under a flood of made-up names or addresses. */
const MAX_KEYS = 100_000;

export function createMemoryRateLimiter(opts: RateLimit): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async tryConsume(key, { cost = 1, now = Date.now() } = {}) {
      let w = windows.get(key);
      if (!w || w.endsAt <= now) {
        if (windows.size >= MAX_KEYS) windows.clear();
        windows.set(key, (w = { count: 0, endsAt: now + opts.windowMs }));
      }
      if (w.count + cost > opts.max) return false;
      w.count += cost;
      return true;
    },
    async refund(key, cost = 1) {
      const w = windows.get(key);
      if (w) w.count = Math.max(0, w.count - cost);
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** The process's limiters, one per kind of thing limited (limits.ts): part of the shared dependencies. */
export type RateLimiters = Record<RateLimitKind, RateLimiter>;

/** Builds every limiter; settings, tests and benchmarks change a limit by overriding it. */
export function createRateLimiters(overrides: Partial<RateLimits> = {}): RateLimiters {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...overrides };
  return Object.fromEntries(
    Object.entries(limits).map(([kind, limit]) => [kind, createMemoryRateLimiter(limit)]),
  ) as RateLimiters;
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Reads a limit written as "count/window", such as "10/10s", "600/1m" or "5/900000ms". */
export function parseRateLimit(text: string): RateLimit {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*(ms|s|m|h)\s*$/.exec(text);
  const max = Number(match?.[1]);
  const windowMs = Number(match?.[2]) * UNIT_MS[(match?.[3] ?? 's') as keyof typeof UNIT_MS];
  if (!match || max < 1 || windowMs < 1) {
    throw new Error(
      `A rate limit reads like "10/10s" (count/window in ms, s, m or h), not "${text}".`,
    );
  }
  return { max, windowMs };
}

/** Reads a duration such as "30s", "500ms", "2m" or a bare number of milliseconds. */
export function parseDuration(text: string): number {
  const match = /^\s*(\d{1,9})\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) {
    throw new Error(`A duration reads like "30s" (a number with ms, s, m or h), not "${text}".`);
  }
  return Number(match[1]) * UNIT_MS[(match[2] ?? 'ms') as keyof typeof UNIT_MS];
}
