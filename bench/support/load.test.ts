import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTIONS, round } from './load';

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const urlOf = (server: http.Server) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

describe('round', () => {
  it('measures once every connection has answered, so a slow first answer per connection is apart', async () => {
    // Each connection's first answer waits 300 ms, as a new connection waits to be taken by a busy
    // server; the rest answer at once.
    const server = await serve((req, res) => {
      const socket = req.socket as typeof req.socket & { answered?: boolean };
      if (socket.answered) return void res.end('ok');
      socket.answered = true;
      setTimeout(() => res.end('ok'), 300);
    });
    const measured = await round(urlOf(server), 1);
    expect(measured.openMs).toBeGreaterThanOrEqual(300);
    expect(measured.max).toBeLessThan(300);
    expect(measured.errors).toBe(0);
    expect(measured.rps).toBeGreaterThan(0);
    // What the server answered includes the connections' first answers.
    expect(measured.completed).toBeGreaterThanOrEqual(measured.rps + CONNECTIONS);
  });

  it('counts req/s and latencies over the measured second only', async () => {
    // 10 ms an answer on each of the connections: about 100 a second each.
    const server = await serve((_req, res) => setTimeout(() => res.end('ok'), 10));
    const measured = await round(urlOf(server), 1);
    expect(measured.p50).toBeGreaterThanOrEqual(10);
    // No more than a second's worth of answers, none of them a connection's first (how many fit
    // in the second depends on how busy the machine is, so there is no lower bound but one).
    expect(measured.rps).toBeGreaterThan(0);
    expect(measured.rps).toBeLessThan(CONNECTIONS * 101);
    expect(measured.rps).toBeLessThanOrEqual((measured.completed ?? 0) - CONNECTIONS);
  });
});
