/**
 * One route of writes.bench.ts measured: checked first (its request must answer 200), warmed for a
 * second, then its 1-s slices alternating with bare node:http's (load.ts). A write sends a new
 * request each time (autocannon's setupRequest asks the route for the next one); a read the same one.
 */
import type { Request as AutocannonRequest } from 'autocannon';
import { readFileSync } from 'node:fs';
import type { BenchRoute } from './bench-route';
import { alternating, combineSlices, drainRound, round, SLICES, type Round } from './load';
import type { Measured } from './route-verdicts';

/** Every getQuestion answer is the whole list (megabytes): its slices are longer to finish some. */
const DRAIN_SLICE_SECONDS = Number(process.env.BENCH_LEGACY_SLICE_SECONDS ?? 2);
/** A second call slower than this is not cached: a loaded round would take minutes. */
const UNCACHED_CALL_MS = 5_000;
const WARMUP_SECONDS = 1;

export interface RouteRow extends Measured {
  /** Anything the row's detail must say (a first call's time, why it was not measured). */
  note?: string;
  /**
   * The server process's CPU time (all its threads, user + system) per request over the route's
   * slices, in µs: what a request costs the server, whatever the load generator beside it spends
   * reading the answers (a big answer costs autocannon more than the server).
   */
  serverCpuUs?: number;
}

/** A process's CPU time so far (user + system, every thread), in µs; null where /proc has none. */
export function processCpuUs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux's USER_HZ, which /proc/<pid>/stat counts in. */
const CLOCK_TICKS = 100;

/** Sends the route's next request; throws unless it answers 200. Answers its time and size. */
async function answersCorrectly(base: string, route: BenchRoute) {
  const request = route.next();
  const started = performance.now();
  const res = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(600_000),
  });
  const body = await res.arrayBuffer();
  if (!res.ok)
    throw new Error(
      `${route.name} answered ${res.status}: ${Buffer.from(body).toString('utf8', 0, 300)}`,
    );
  return { ms: performance.now() - started, bytes: body.byteLength };
}

function autocannonRequests(route: BenchRoute): AutocannonRequest[] {
  if (!route.varies) return [route.next()];
  return [
    {
      setupRequest: (request) => {
        const next = route.next();
        return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
      },
    },
  ];
}

export async function measureRoute(
  base: string,
  helloUrl: string,
  route: BenchRoute,
  serverPid?: number,
): Promise<RouteRow> {
  if (route.drain) {
    const first = await answersCorrectly(base, route);
    // The first call builds the whole list; the round starts once a second one is served cached.
    const second = await answersCorrectly(base, route);
    const note = `${(first.bytes / 1e6).toFixed(1)} MB JSON; first call ${(first.ms / 1000).toFixed(1)} s`;
    if (second.ms >= UNCACHED_CALL_MS) {
      const none = { rps: 0, p50: 0, p99: 0, max: 0, errors: 1 };
      return {
        route,
        result: none,
        hello: none,
        note: `${note}; not measured: a second call took ${(second.ms / 1000).toFixed(1)} s`,
      };
    }
    const { path, headers } = route.next();
    return {
      route,
      note,
      ...(await alternating(base + path, helloUrl, headers, DRAIN_SLICE_SECONDS, drainRound)),
    };
  }
  const [row] = await measureTogether(base, helloUrl, [route], serverPid);
  return row!;
}

/** One route's 1-s slices, with the server's CPU over them only (it idles through the others'). */
function slicesOf(base: string, route: BenchRoute, serverPid?: number) {
  const requests = autocannonRequests(route);
  const measure = (seconds: number) => round(base, seconds, {}, 10, { requests });
  const slices: Round[] = [];
  let cpuUs = 0;
  let served = 0;
  return {
    warm: () => measure(WARMUP_SECONDS),
    async slice() {
      const before = serverPid ? processCpuUs(serverPid) : null;
      const slice = await measure(1);
      const after = serverPid ? processCpuUs(serverPid) : null;
      if (before !== null && after !== null) cpuUs += after - before;
      served += slice.completed ?? slice.rps;
      slices.push(slice);
    },
    row(hello: Round): RouteRow {
      const each = route.requestsEach ?? 1;
      const result = combineSlices(slices);
      const serverCpuUs = serverPid && served > 0 ? (cpuUs / served) * each : undefined;
      return { route, result: { ...result, rps: result.rps / each }, hello, serverCpuUs };
    },
  };
}

/**
 * Routes measured side by side (a tRPC write and its REST twin): after each one's check and
 * warm-up, every round of slices is one of bare node:http's and then one of each route's, so the
 * twins see the same machine, as each sees the same as bare node:http.
 */
export async function measureTogether(
  base: string,
  helloUrl: string,
  routes: BenchRoute[],
  serverPid?: number,
): Promise<RouteRow[]> {
  const each = routes.map((route) => slicesOf(base, route, serverPid));
  for (const route of routes) await answersCorrectly(base, route);
  for (const one of each) await one.warm();
  const hello: Round[] = [];
  for (let i = 0; i < SLICES; i++) {
    hello.push(await round(helloUrl, 1));
    // Every other round in the other order: a slice right after another route's pays for what that
    // one left behind (the log to copy back, garbage), and neither twin should always be the one.
    for (const one of i % 2 ? [...each].reverse() : each) await one.slice();
  }
  return each.map((one) => one.row(combineSlices(hello)));
}
