import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimitKind, type RateLimits } from './limits';
import { RateLimiterRes } from './rate-limiter-classes';
import type { Tx } from '@app/db';
import {
  countInTable,
  createCounterSweep,
  createSharedCounter,
  tableKeyOf,
  type CounterStore,
} from './shared-counters';

export { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from './limits';

/**
 * Counts attempts per key in a fixed window. An attempt is counted before the work it guards (a
 * password check, a write), so a burst of concurrent attempts cannot all slip past the limit; one
 * that should not count (a successful login, a write that was refused) is handed back. Counted in
 * the store every process shares (shared-counters.ts), so N processes allow what one does.
 */
export interface RateLimiter {
  /** Counts `cost` attempts (1 unless told) and says whether they may go ahead (false once the window would overflow). */
  tryConsume(key: string, opts?: { cost?: number }): Promise<boolean>;
  /** Hands back attempts that turned out fine (1 unless told). */
  refund(key: string, cost?: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** A limiter over the shared store, which can also say what a key has counted in its window. */
export interface SharedRateLimiter extends RateLimiter {
  counted(key: string): Promise<number>;
  /**
   * Counts inside a write's own transaction and says whether it stays within the limit; present
   * when the counters live in the database the write goes to (no Redis in front of it).
   */
  countWithin?: (tx: Tx, key: string, cost: number, now: number) => Promise<boolean>;
}

/**
 * The RateLimiter's promises over a rate-limiter-flexible limiter, which counts a refused attempt
 * too (the count goes past the limit): a refused attempt is handed back at once, so it neither
 * counts nor lengthens anything (a window's end is set by its first attempt only), and a lockout
 * ends when its window does, however often it was knocked on.
 */
function rateLimiterOver(
  counter: RateLimiterAbstract,
  sweep: () => Promise<void>,
): SharedRateLimiter {
  // Never below zero: a refund that lands after its window ended (a slow password check) would
  // otherwise open the next window with attempts in hand. Adding back what went under is exact
  // whatever ran in between, as counts only add.
  const handBack = async (key: string, cost: number) => {
    const { consumedPoints } = await counter.reward(key, cost);
    if (consumedPoints < 0) await counter.penalty(key, -consumedPoints);
  };
  return {
    async tryConsume(key, { cost = 1 } = {}) {
      await sweep();
      try {
        await counter.consume(key, cost);
        return true;
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        await handBack(key, cost);
        return false;
      }
    },
    refund: (key, cost = 1) => handBack(key, cost),
    async reset(key) {
      await counter.delete(key);
    },
    async counted(key) {
      return Math.max(0, (await counter.get(key))?.consumedPoints ?? 0);
    },
  };
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing IPv4 part read), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = (address.split('%', 1)[0] ?? '').toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

/**
 * A client's address as limits and caps count it: an IPv4 address as it is (an IPv4-mapped one as
 * its IPv4 address), an IPv6 address by its /64 (`2001:db8:0:1::/64`). One customer is given a /64
 * at least, and a host in it picks any of its 2^64 addresses at will: counted one by one, every
 * attempt could come with a fresh counter.
 */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return `${g >> 8}.${g & 255}.${h >> 8}.${h & 255}`;
  return `${[a, b, c, d].map((group) => group.toString(16)).join(':')}::/64`;
}

/** The site's limiters, one per kind of thing limited (limits.ts): part of the shared dependencies. */
export type RateLimiters = Record<RateLimitKind, SharedRateLimiter>;

/**
 * Builds every limiter over the shared store (keys `rl:<kind>:…`); settings, tests and benchmarks
 * change a limit by overriding it.
 */
export function createRateLimiters(
  store: CounterStore,
  overrides: Partial<RateLimits> = {},
): RateLimiters {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...overrides };
  const sweep = createCounterSweep(store.db);
  return Object.fromEntries(
    Object.entries(limits).map(([kind, { max, windowMs }]) => {
      const name = `rl:${kind}`;
      const window = { points: max, windowMs };
      const limiter = rateLimiterOver(createSharedCounter(store, name, window), sweep);
      if (!store.shared.redis)
        limiter.countWithin = (tx, key, cost, now) =>
          countInTable(tx, tableKeyOf(store, name, key), cost, window, now);
      return [kind, limiter];
    }),
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
