/**
 * A load round through Node's http client (keep-alive agent, native parser) instead of autocannon:
 * under WORKERS=N the server closes each connection after its answer (so the primary routes the
 * next request afresh), and autocannon's reconnection then stalls its connections for hundreds of
 * milliseconds, measuring itself. The agent keeps a connection when the server does (WORKERS=1,
 * the bare node:http server) and opens another when it does not, as a browser would; both sides of
 * a comparison go through this same client.
 */
import http from 'node:http';
import { CONNECTIONS, type Round } from './load';

export interface AgentRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * CONNECTIONS requests in flight for `seconds`; the n-th request sent is `next(n)`. req/s counts
 * answers of 2xx; anything else (status, reset) is an error.
 */
export async function agentRound(
  base: string,
  seconds: number,
  next: (n: number) => AgentRequest,
): Promise<Round> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const one = (request: AgentRequest) =>
    new Promise<void>((resolve) => {
      const at = performance.now();
      const req = http.request(
        base + request.path,
        { method: request.method, agent, headers: request.headers },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(performance.now() - at);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(request.body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await one(next(sent++));
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), max: at(1), errors };
}
