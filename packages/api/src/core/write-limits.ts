import type { Tx } from '@app/db';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiDeps } from './deps';
import { Refusal } from './errors';
import { RATE_LIMIT_TABLE, type RateLimitKind } from './limits';

/**
 * What one write costs against a limit: one of a kind, or as many as `cost` says from the request's
 * raw input (before validation; an input that will not validate costs nothing, it writes nothing).
 */
export type Allowance =
  | RateLimitKind
  | { kind: RateLimitKind; cost(deps: ApiDeps, rawInput: unknown): Promise<number> | number };

export function tooManyRequests(kind: RateLimitKind): Refusal {
  return new Refusal({ code: 'TOO_MANY_REQUESTS', message: RATE_LIMIT_TABLE[kind].message });
}

/**
 * The limits whose guarded work is the write itself (a row or two and an event): when the counters
 * live in the write's own database they are counted inside its transaction, which saves a
 * transaction of their own on every write, and a write that fails takes its count back with it.
 * The others guard work done before any write (hashing a password, running code in the sandbox):
 * they are counted first, so a burst is refused before that work starts.
 */
const COUNTED_WITH_THE_WRITE: ReadonlySet<RateLimitKind> = new Set<RateLimitKind>([
  'questions',
  'newTags',
  'answers',
  'comments',
  'edits',
  'votes',
  'views',
  'flags',
  'messages',
  'chatReads',
  'biographies',
]);

type Taken = { kind: RateLimitKind; cost: number };

/** A request's counts waiting for its first write: claimed by the transaction that makes it. */
interface WaitingCount {
  count(tx: Tx, now: Date): Promise<void>;
  state: 'waiting' | 'claimed' | 'counted' | 'closed';
}

const waitingCounts = new AsyncLocalStorage<WaitingCount>();

/**
 * For writeTransaction: the counts waiting for this request's write, if the first write is this
 * one. `settled(committed)` says how it ended (a rolled-back count is waiting again).
 */
export function claimWaitingCount(): {
  count(tx: Tx, now: Date): Promise<void>;
  settled(committed: boolean): void;
} | null {
  const waiting = waitingCounts.getStore();
  if (!waiting || waiting.state !== 'waiting') return null;
  waiting.state = 'claimed';
  return {
    count: (tx, now) => waiting.count(tx, now),
    settled(committed) {
      if (waiting.state === 'claimed') waiting.state = committed ? 'counted' : 'waiting';
    },
  };
}

export interface TakenAllowances {
  /** Runs the guarded work; a write inside it counts what waits for the write. */
  during<R>(work: () => Promise<R>): Promise<R>;
  /** The work failed: nothing it wrote stays, so nothing stays counted. */
  refund(): Promise<void>;
  /** The work succeeded: what no write counted (it wrote nothing) is counted now. */
  settle(): Promise<void>;
}

/**
 * Counts a write against each of its allowances for `key` (the viewer, or the client's address),
 * so a concurrent burst cannot slip past: over any limit, nothing stays counted and the answer is
 * TOO_MANY_REQUESTS with that limit's sentence. Those counted with the write wait for its
 * transaction (the same single writer, or a row lock on PostgreSQL, orders a burst); the others
 * are counted before the work starts.
 */
export async function takeAllowances(
  deps: ApiDeps,
  key: string,
  allowances: readonly Allowance[],
  getRawInput: () => Promise<unknown>,
): Promise<TakenAllowances> {
  const first: Taken[] = [];
  const withTheWrite: Taken[] = [];
  const handBack = async (taken: Taken[]) => {
    for (const { kind, cost } of taken.splice(0)) await deps.limiters[kind].refund(key, cost);
  };
  for (const allowance of allowances) {
    const { kind, cost } =
      typeof allowance === 'string'
        ? { kind: allowance, cost: 1 }
        : { kind: allowance.kind, cost: await allowance.cost(deps, await getRawInput()) };
    if (cost <= 0) continue;
    if (COUNTED_WITH_THE_WRITE.has(kind) && deps.limiters[kind].countWithin) {
      withTheWrite.push({ kind, cost });
      continue;
    }
    if (!(await deps.limiters[kind].tryConsume(key, { cost }))) {
      await handBack(first);
      throw tooManyRequests(kind);
    }
    first.push({ kind, cost });
  }
  const waiting: WaitingCount | null =
    withTheWrite.length === 0
      ? null
      : {
          state: 'waiting',
          async count(tx, now) {
            for (const { kind, cost } of withTheWrite) {
              const within = await deps.limiters[kind].countWithin?.(tx, key, cost, now.getTime());
              if (!within) throw tooManyRequests(kind);
            }
          },
        };
  return {
    during: (work) => (waiting ? waitingCounts.run(waiting, work) : work()),
    async refund() {
      const counted = waiting?.state === 'counted';
      if (waiting) waiting.state = 'closed';
      await handBack(first);
      if (counted) await handBack(withTheWrite);
    },
    async settle() {
      if (!waiting) return;
      const uncounted = waiting.state === 'waiting';
      // Work it started that outlives the request counts nothing more.
      waiting.state = 'closed';
      if (!uncounted) return;
      const taken: Taken[] = [];
      for (const { kind, cost } of withTheWrite) {
        if (!(await deps.limiters[kind].tryConsume(key, { cost }))) {
          await handBack(taken);
          throw tooManyRequests(kind);
        }
        taken.push({ kind, cost });
      }
    },
  };
}

/**
 * Runs a write under the viewer's allowances, for a service that decides when to count (after
 * checking the write is new: a message or post sent again with its key counts nothing): counted
 * with the write as limitedProcedure counts, handed back if it fails.
 */
export async function withinLimits<R>(
  deps: ApiDeps,
  key: string,
  allowances: readonly Allowance[],
  input: unknown,
  write: () => Promise<R>,
): Promise<R> {
  const taken = await takeAllowances(deps, key, allowances, () => Promise.resolve(input));
  let result: R;
  try {
    result = await taken.during(write);
  } catch (error) {
    await taken.refund();
    throw error;
  }
  await taken.settle();
  return result;
}
