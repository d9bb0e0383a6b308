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

/**
 * Keys one limiter keeps: bounds memory under a flood of made-up names or addresses. Past it the
 * limiter forgets what matters least (makeRoom), never everything at once: clearing the whole map
 * would hand every locked-out guesser a fresh set of attempts.
 */
export const MAX_RATE_LIMIT_KEYS = 100_000;
/** What a full limiter shrinks to, so the sweep that makes room runs once per tenth of the keys. */
const ROOM_AFTER_SWEEP = 0.9;

interface Window {
  count: number;
  endsAt: number;
}

/** The in-memory limiter, which can also say how many keys it holds (its memory). */
export interface MemoryRateLimiter extends RateLimiter {
  keys(): number;
}

export function createMemoryRateLimiter(
  opts: RateLimit,
  { maxKeys = MAX_RATE_LIMIT_KEYS }: { maxKeys?: number } = {},
): MemoryRateLimiter {
  // In the order the windows began (a renewed window moves to the end): with one window length
  // for every key, that is also the order they end in, soonest first.
  const windows = new Map<string, Window>();

  /**
   * A full limiter forgets the windows that have ended, then, if that is not enough, the keys whose
   * loss gives a client the fewest attempts back: those with the fewest attempts counted, and among
   * equals those whose window ends soonest. A key that is refusing (a lockout) is forgotten only
   * when every key is, so a flood of fresh keys, which each count one attempt, cannot push a
   * lockout out.
   */
  const makeRoom = (now: number) => {
    for (const [key, w] of windows) if (w.endsAt <= now) windows.delete(key);
    const target = Math.floor(maxKeys * ROOM_AFTER_SWEEP);
    let excess = windows.size + 1 - target;
    if (excess <= 0) return;
    // How many keys hold each count, then the count up to which keys go (some of that count too).
    const byCount = new Map<number, number>();
    for (const w of windows.values()) byCount.set(w.count, (byCount.get(w.count) ?? 0) + 1);
    const counts = [...byCount.keys()].sort((a, b) => a - b);
    let below = -1;
    let atLimit = 0;
    for (const count of counts) {
      const keys = byCount.get(count) ?? 0;
      if (keys >= excess) {
        atLimit = excess;
        below = count;
        break;
      }
      excess -= keys;
    }
    for (const [key, w] of windows) {
      if (w.count < below) windows.delete(key);
      else if (w.count === below && atLimit > 0) {
        windows.delete(key);
        atLimit -= 1;
      }
    }
  };

  return {
    async tryConsume(key, { cost = 1, now = Date.now() } = {}) {
      let w = windows.get(key);
      if (w && w.endsAt <= now) {
        windows.delete(key);
        w = undefined;
      }
      // Refused: nothing is counted, and no key is made for an attempt that will not happen.
      if ((w?.count ?? 0) + cost > opts.max) return false;
      if (!w) {
        if (windows.size >= maxKeys) makeRoom(now);
        windows.set(key, (w = { count: 0, endsAt: now + opts.windowMs }));
      }
      w.count += cost;
      return true;
    },
    async refund(key, cost = 1) {
      const w = windows.get(key);
      if (!w) return;
      w.count = Math.max(0, w.count - cost);
      // Nothing left counted: the key goes (an attempt another limiter refused leaves none behind).
      if (w.count === 0) windows.delete(key);
    },
    async reset(key) {
      windows.delete(key);
    },
    keys: () => windows.size,
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

/** The process's limiters, one per kind of thing limited (limits.ts): part of the shared dependencies. */
export type RateLimiters = Record<RateLimitKind, MemoryRateLimiter>;

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
