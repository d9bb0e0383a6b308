/**
 * writes.bench.ts's targets (issue 25), checked per row: a write with a target reaches its ratio of
 * bare node:http and stays under its p99; a REST route answers at least 80% of its tRPC twin's
 * req/s (within 20%; faster is fine); every row answers without errors.
 */
import type { BenchRoute } from './bench-route';
import type { Round } from './load';

/** A REST route's req/s must reach this share of its tRPC twin's. */
export const TWIN_SHARE = 0.8;

export interface Measured {
  route: BenchRoute;
  result: Round;
  hello: Round;
}

export interface Verdict {
  /** req/s ÷ bare node:http's req/s in the slices beside it. */
  ratio: number;
  /** A REST route's req/s ÷ its twin's. */
  twinShare?: number;
  target: string;
  pass: boolean;
}

export function verdictOf(row: Measured, all: readonly Measured[]): Verdict {
  const { route, result, hello } = row;
  const ratio = result.rps / Math.max(hello.rps, 1);
  const clean = result.errors === 0;
  if (route.target) {
    const { ratio: least, p99 } = route.target;
    return {
      ratio,
      target: `≥ ${least}, p99 < ${p99} ms`,
      pass: clean && ratio >= least && result.p99 < p99,
    };
  }
  if (route.twin) {
    const twin = all.find((other) => other.route.name === route.twin);
    // Measured alone (BENCH_ALONE=1, for a profile): nothing to compare with.
    if (!twin) return { ratio, target: 'no errors (twin not run)', pass: clean };
    const twinShare = result.rps / Math.max(twin.result.rps, 1e-9);
    return {
      ratio,
      twinShare,
      target: `≥ ${TWIN_SHARE}× tRPC`,
      pass: clean && twinShare >= TWIN_SHARE,
    };
  }
  return { ratio, target: 'no errors', pass: clean };
}
