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
 * Counts a write against each of its allowances for `key` (the viewer, or the client's address),
 * before the write runs, so a concurrent burst cannot slip past. Over any limit: nothing stays
 * counted and the answer is TOO_MANY_REQUESTS with that limit's sentence. Answers the refund to
 * call when the write then fails (it wrote nothing, so it should not count).
 */
export async function takeAllowances(
  deps: ApiDeps,
  key: string,
  allowances: readonly Allowance[],
  getRawInput: () => Promise<unknown>,
): Promise<() => Promise<void>> {
  const taken: { kind: RateLimitKind; cost: number }[] = [];
  const refund = async () => {
    for (const { kind, cost } of taken.splice(0)) await deps.limiters[kind].refund(key, cost);
  };
  for (const allowance of allowances) {
    const { kind, cost } =
      typeof allowance === 'string'
        ? { kind: allowance, cost: 1 }
        : { kind: allowance.kind, cost: await allowance.cost(deps, await getRawInput()) };
    if (cost <= 0) continue;
    if (!(await deps.limiters[kind].tryConsume(key, { cost }))) {
      await refund();
      throw tooManyRequests(kind);
    }
    taken.push({ kind, cost });
  }
  return refund;
}
