import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { agentRound } from './agent-round';
import { CONNECTIONS } from './load';

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('agentRound', () => {
  it('keeps measuring when the server closes every connection after its answer', async () => {
    // Counted by the server, not timed: once the first answers have closed their connections, the
    // round goes on through new ones (a stalled client would stop at one request per slot).
    let connections = 0;
    const base = await serve((_req, res) => res.setHeader('connection', 'close').end('ok'));
    servers[0]!.on('connection', () => connections++);
    const round = await agentRound(base, 2, () => ({ method: 'GET', path: '/' }));
    expect(round.errors).toBe(0);
    expect(connections).toBeGreaterThan(CONNECTIONS);
  });

  it('sends the n-th request the generator makes, with its method and body', async () => {
    const seen: string[] = [];
    const base = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.end(seen.push(`${req.method} ${req.url} ${body}`) && 'ok'));
    });
    await agentRound(base, 0.2, (n) => ({ method: 'POST', path: `/${n % 2}`, body: `b${n % 2}` }));
    expect(new Set(seen)).toEqual(new Set(['POST /0 b0', 'POST /1 b1']));
  });

  it('counts answers other than 2xx as errors, not as requests served', async () => {
    const base = await serve((_req, res) => res.writeHead(429).end());
    const round = await agentRound(base, 0.2, () => ({ method: 'GET', path: '/' }));
    expect(round.rps).toBe(0);
    expect(round.errors).toBeGreaterThan(0);
  });
});
