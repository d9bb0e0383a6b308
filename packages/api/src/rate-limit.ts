/**
 * Counts attempts per key in a fixed window. An attempt is counted before the work it guards (a
 * password check, a message's write), so a burst of concurrent attempts cannot all slip past the
 * limit; one that should not count (a successful login, a message that was refused) is handed back.
 * In memory today; a shared store (Redis) can implement the same async interface.
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

/** A limit: at most `max` attempts per key in a window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Log-in attempts per username. */
  loginByUsername: RateLimit;
  /** Log-in attempts per client address. */
  loginByAddress: RateLimit;
  /** Messages a user sends, global and chat together. */
  messages: RateLimit;
  /** Sandbox runs a user starts: Test Solution, Run Tests, creating a problem, submitting. */
  testRuns: RateLimit;
  /** Wrong guesses at a private game's password, per user and game. */
  gamePasswords: RateLimit;
}

/** The process's limiters, one per kind of thing limited: part of the shared dependencies. */
export type RateLimiters = Record<keyof RateLimits, RateLimiter>;

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginByUsername: { max: 5, windowMs: FIFTEEN_MINUTES },
  loginByAddress: { max: 30, windowMs: FIFTEEN_MINUTES },
  messages: { max: 10, windowMs: 10_000 },
  testRuns: { max: 20, windowMs: 10_000 },
  gamePasswords: { max: 5, windowMs: 60_000 },
};

/** Builds every limiter; tests and the benchmark raise a limit by overriding it. */
export function createRateLimiters(overrides: Partial<RateLimits> = {}): RateLimiters {
  const limits = { ...DEFAULT_RATE_LIMITS, ...overrides };
  return {
    loginByUsername: createMemoryRateLimiter(limits.loginByUsername),
    loginByAddress: createMemoryRateLimiter(limits.loginByAddress),
    messages: createMemoryRateLimiter(limits.messages),
    testRuns: createMemoryRateLimiter(limits.testRuns),
    gamePasswords: createMemoryRateLimiter(limits.gamePasswords),
  };
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
