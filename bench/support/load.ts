/**
 * Load rounds shared by the benches: autocannon rounds, Node's http client for huge bodies, and a
 * bare node:http "hello" server whose rounds alternate with a route's, so a ratio compares two
 * rounds seconds apart on the same machine (moved here from questions-list.bench.ts unchanged, with
 * a method and body for writes).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import http from 'node:http';

export const CONNECTIONS = 50;
/** Each route's round: this many 1-second slices, each after a 1-second slice of node:http. */
export const SLICES = Number(process.env.BENCH_SLICES ?? 3);

export interface Round {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
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

export async function round(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  timeout = 10,
  /** A method and body, or a list of requests each connection cycles through (writes). */
  request: Pick<autocannon.Options, 'method' | 'body' | 'requests'> = {},
): Promise<Round> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    timeout,
    ...request,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx + result.timeouts,
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
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), max: at(1), errors };
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
});
