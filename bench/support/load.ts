/**
 * Load rounds shared by the benches: autocannon rounds, Node's http client for huge bodies, and a
 * bare node:http "hello" server whose rounds alternate with a route's, so a ratio compares two
 * rounds seconds apart on the same machine (moved here from questions-list.bench.ts unchanged, with
 * a method and body for writes).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { percentile } from './percentile';

export const CONNECTIONS = 50;
/** Each route's round: this many 1-second slices, each after a 1-second slice of node:http. */
export const SLICES = Number(process.env.BENCH_SLICES ?? 3);

export interface Round {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Every answer of the round, the connections' opening included (what the server's CPU served). */
  completed?: number;
  /** How long the round's connections took to be taken and answered once (ms). */
  openMs?: number;
}

/** A bare node:http server in its own process: the ceiling this machine allows. */
export async function startHelloServer(port: number) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end('hello')).listen(${port}, '127.0.0.1', () => console.log('ready'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`hello server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop() {
      process.off('exit', kill);
      kill();
    },
  };
}

/** How long a round waits for its connections to be taken and answered once before measuring. */
const OPEN_WAIT_MS = 10_000;

/**
 * One round on CONNECTIONS keep-alive connections, measured once every connection has had an answer:
 * req/s and latencies over the next `seconds` only. Node accepts one new connection per turn of its
 * event loop (libuv ≥ 1.45, "unix: don't accept() connections in a loop"), so a server busy with
 * the first connections' requests took the rest one turn at a time: fifty new connections on a
 * server at full load took 0.3–0.8 s to be all taken, and their first requests, counted, made a
 * 1-second slice's p99 the time that took. A client of the site keeps its connection; `openMs` says
 * how long the connections took, apart.
 */
export async function round(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  timeout = 10,
  /** A method and body, or a list of requests each connection cycles through (writes). */
  request: Pick<autocannon.Options, 'method' | 'body' | 'requests'> = {},
): Promise<Round> {
  let finished: (result: autocannon.Result) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url,
      connections: CONNECTIONS,
      // Stopped by this round; the duration is only a bound should the connections never open.
      duration: (OPEN_WAIT_MS + seconds * 1000) / 1000 + 1,
      headers,
      timeout,
      ...request,
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  const started = performance.now();
  const answered = new Set<unknown>();
  const latencies: number[] = [];
  let completed = 0;
  let window: { from: number; to: number } | undefined;
  const measured = new Promise<void>((resolve) => {
    const open = () => {
      const from = performance.now();
      window = { from, to: from + seconds * 1000 };
      setTimeout(resolve, seconds * 1000);
    };
    const giveUp = setTimeout(open, OPEN_WAIT_MS);
    instance.on('response', (client, _status, _bytes, ms) => {
      completed++;
      const now = performance.now();
      if (window) {
        if (now <= window.to) latencies.push(ms);
        return;
      }
      answered.add(client);
      if (answered.size === CONNECTIONS) {
        clearTimeout(giveUp);
        open();
      }
    });
  });
  await measured;
  const openMs = window!.from - started;
  instance.stop();
  const result = await done;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    errors: result.errors + result.non2xx + result.timeouts,
    completed,
    openMs,
  };
}

/**
 * A round for bodies of many megabytes: autocannon's parser, in JavaScript, reads them at about
 * 60 MB/s and would measure itself. Node's http client (native parser) drains them instead, on as
 * many keep-alive connections.
 */
export async function drainRound(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Round> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - sent);
            else errors++;
            resolve();
          });
        })
        .on('error', () => {
          errors++;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(latencies, p));
  return { rps: latencies.length / elapsed, p50: at(50), p99: at(99), max: at(100), errors };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * A route's round: slices of the route and of bare node:http in turn, so both see the same load
 * from the rest of the machine. req/s over all slices; p50 and p99 the median of the slices'; max
 * the highest.
 */
export async function alternating(
  url: string,
  helloUrl: string,
  headers: Record<string, string>,
  sliceSeconds = 1,
  measure: (
    url: string,
    seconds: number,
    headers: Record<string, string>,
  ) => Promise<Round> = round,
): Promise<{ result: Round; hello: Round }> {
  const routeSlices: Round[] = [];
  const helloSlices: Round[] = [];
  for (let i = 0; i < SLICES; i++) {
    helloSlices.push(await round(helloUrl, 1));
    routeSlices.push(await measure(url, sliceSeconds, headers));
  }
  return { result: combineSlices(routeSlices), hello: combineSlices(helloSlices) };
}

/** Slices as one round: req/s over all; p50 and p99 the median of the slices'; max the highest. */
export const combineSlices = (slices: Round[]): Round => ({
  rps: slices.reduce((sum, r) => sum + r.rps, 0) / slices.length,
  p50: median(slices.map((r) => r.p50)),
  p99: median(slices.map((r) => r.p99)),
  max: Math.max(...slices.map((r) => r.max)),
  errors: slices.reduce((sum, r) => sum + r.errors, 0),
  completed: slices.every((r) => r.completed !== undefined)
    ? slices.reduce((sum, r) => sum + r.completed!, 0)
    : undefined,
  openMs: slices.some((r) => r.openMs !== undefined)
    ? Math.max(...slices.map((r) => r.openMs ?? 0))
    : undefined,
});
