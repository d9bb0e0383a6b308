import { RATE_LIMIT_KINDS } from '@app/api';
import { socketSessions } from '@app/db';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../../packages/api/test/support/redis-server';
import { startServer, type RunningServer } from '../src/app';
import { join, record, roundTrip, socketClients, until } from './support/socket-test-clients';
import { startSwitchProxy, type SwitchProxy } from './support/switch-proxy';
import { makeTestDatabase } from './support/test-database';

// The original client keeps one socket for the whole visit, behind a balancer that may send its
// reconnection to another server process: cut from one server and back on the other within
// RECOVERY_MS, it gets its rooms back and every event it missed, sent through either server, once
// and in order.

const PASSWORD = 'password123';
const roomy = { max: 1_000_000, windowMs: 1000 };

/** Two servers on one database (and one Redis, or none), a balancer in front of them. */
function useTwoServers(withRedis: boolean) {
  const dir = mkdtempSync(joinPath(tmpdir(), 'qa-recovery-'));
  const webDist = joinPath(dir, 'web');
  mkdirSync(webDist);
  writeFileSync(joinPath(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
  const running: RunningServer[] = [];
  let redis: TestRedis | undefined;
  let proxy: SwitchProxy | undefined;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    if (withRedis) redis = await startTestRedis();
    // The SQLite file, or on a PostgreSQL run a throwaway PostgreSQL database.
    const database = await makeTestDatabase(joinPath(dir, 'app.db'));
    dropDatabase = database.drop;
    // One after another: the first migrates the database.
    for (let i = 0; i < 2; i += 1)
      running.push(
        await startServer({
          port: 0,
          host: '127.0.0.1',
          databasePath: database.path,
          databaseUrl: database.url,
          sessionSecret: 'x'.repeat(40),
          webDist,
          seedDemo: false,
          scryptLogN: 10,
          trustedOrigins: [],
          rateLimits: Object.fromEntries(RATE_LIMIT_KINDS.map((kind) => [kind, roomy])),
          ...(redis ? { redisUrl: redis.url, redisPrefix: 'recovery:' } : {}),
        }),
      );
    proxy = await startSwitchProxy(running[0]!.url);
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    for (const server of running) await server.close();
    await dropDatabase();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const at = (i: number) => ({
    get url() {
      return running[i]!.url;
    },
  });
  const balancer = {
    get url() {
      if (!proxy) throw new Error('not started');
      return proxy.url;
    },
  };
  return {
    a: socketClients(at(0) as RunningServer),
    b: socketClients(at(1) as RunningServer),
    viaBalancer: socketClients(balancer as RunningServer),
    url: (i: number) => running[i]!.url,
    /** The cut sockets waiting in the table (with Redis, they wait there instead). */
    inTable: async () => (await running[0]!.db.select().from(socketSessions)).length,
    proxy: () => proxy!,
  };
}

/** Whether a server still knows an engine.io connection (its socket is live there). */
async function knows(url: string, engineId: string) {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${engineId}`);
  return ((await res.json()) as { code?: number }).code !== 1;
}

/** The global messages a socket heard, by text, in the order they came. */
const heard = (seen: Record<string, unknown[]>) =>
  (seen.messageUpdate ?? []).map((update) => (update as { msg: { msg: string } }).msg.msg);

describe.each([
  ['without Redis', false],
  ['with Redis', true],
])('a socket cut from one server that reconnects to the other (%s)', (_, withRedis) => {
  const servers = useTwoServers(withRedis);
  const { a, b, viaBalancer } = servers;
  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix}_${withRedis ? 'r' : 't'}${++counter}`;

  /** A signed-in browser behind the balancer (now pointing at server A), and its socket. */
  async function signedInBrowser() {
    servers.proxy().to(servers.url(0));
    const client = viaBalancer.browser();
    const username = uniqueName('rosa');
    expect((await client.rest.post('/user/signup', { username, password: PASSWORD })).status).toBe(
      200,
    );
    const socket = await client.socket({ transports: ['websocket'], reconnection: true });
    return { username, socket, seen: record(socket) };
  }

  /**
   * Cuts the balancer's connections while `meanwhile` runs (once server A has seen the cut), then
   * points it at server B: the client reconnects there on its own.
   */
  async function moveToB(socket: Socket, meanwhile: () => Promise<void>) {
    const engineId = socket.io.engine.id;
    const back = new Promise<void>((resolve) =>
      socket.once('disconnect', () => socket.once('connect', () => resolve())),
    );
    servers.proxy().cut();
    await expect
      .poll(() => knows(servers.url(0), engineId), { interval: 20, timeout: 5000 })
      .toBe(false);
    // Server A keeps the cut session (written once it has seen the cut: a moment later on a
    // database over the network), in Redis when there is one, else in the table.
    if (withRedis) expect(await servers.inTable()).toBe(0);
    else
      await expect
        .poll(() => servers.inTable(), { interval: 20, timeout: 5000 })
        .toBeGreaterThan(0);
    await meanwhile();
    servers.proxy().to(servers.url(1));
    await back;
    expect(await knows(servers.url(1), socket.io.engine.id)).toBe(true);
  }

  it('hears every message sent meanwhile through either server, once each and in order', async () => {
    const other = await a.signUp(uniqueName('otto'));
    const send = async (texts: string[], through: 'a' | 'b' | 'both') => {
      for (const [n, msg] of texts.entries()) {
        const via = through === 'both' ? (n % 2 ? b : a) : through === 'a' ? a : b;
        await via.mutate('message.send', { msg }, other);
      }
    };
    const texts = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, n) => `${prefix} ${n}`);
    const { socket, seen } = await signedInBrowser();
    const before = texts('before', 3);
    await send(before, 'a');
    await until(() => heard(seen).length === before.length);
    const during = texts('during', 10);
    await moveToB(socket, () => send(during, 'both'));
    expect(socket.recovered).toBe(true);
    const after = texts('after', 4);
    await send(after, 'both');
    await until(() => heard(seen).length >= before.length + during.length + after.length);
    await roundTrip(socket);
    expect(heard(seen)).toEqual([...before, ...during, ...after]);
  });

  it('is back in its chat room and hears the chat messages sent meanwhile, then the live ones', async () => {
    const other = await a.signUp(uniqueName('olga'));
    const { username, socket, seen } = await signedInBrowser();
    const { data } = await a.mutate<{ chat: { id: number } }>('chat.create', { username }, other);
    const chatId = data.chat.id;
    await join(socket, 'joinChat', chatId);
    await moveToB(socket, async () => {
      await a.mutate('chat.send', { chatId, msg: 'sent on A while away' }, other);
      await b.mutate('chat.send', { chatId, msg: 'sent on B while away' }, other);
    });
    expect(socket.recovered).toBe(true);
    await a.mutate('chat.send', { chatId, msg: 'sent on A after the return' }, other);
    const newMessages = () =>
      ((seen.chatUpdate ?? []) as { type: string; chat: { messages: { message: string }[] } }[])
        .filter((update) => update.type === 'newMessage')
        .map((update) => JSON.stringify(update.chat.messages));
    await until(() => newMessages().length === 3);
    await roundTrip(socket);
    expect(newMessages()).toHaveLength(3);
    expect(newMessages()[0]).toContain('sent on A while away');
    expect(newMessages()[2]).toContain('sent on A after the return');
  });

  it("is back in its game's room and hears the moves made meanwhile, then the live ones", async () => {
    const alice = await a.signUp(uniqueName('alma'));
    const bob = await b.signUp(uniqueName('bert'));
    const { data } = await a.mutate<{ game: { id: string } }>(
      'game.createNim',
      { seatCreator: false, title: 'Nim across servers', isPrivate: false },
      alice,
    );
    const gameID = data.game.id;
    await a.mutate('game.join', { id: gameID }, alice);
    await b.mutate('game.join', { id: gameID }, bob);
    const { socket, seen } = await signedInBrowser();
    await join(socket, 'joinGame', gameID);
    // Players take turns; whoever may move takes one object, through the given server.
    let turn = [alice, bob];
    const move = async (via: typeof a) => {
      try {
        await via.mutate('game.nimMove', { id: gameID, numObjects: 1 }, turn[0]);
      } catch {
        turn = [turn[1]!, turn[0]!];
        await via.mutate('game.nimMove', { id: gameID, numObjects: 1 }, turn[0]);
      }
      turn = [turn[1]!, turn[0]!];
    };
    const remaining = () =>
      ((seen.gameUpdate ?? []) as { gameInstance: { state: unknown } }[]).map((update) =>
        JSON.stringify(update.gameInstance.state),
      );
    await move(a);
    await until(() => remaining().length === 1);
    await moveToB(socket, async () => {
      await move(a);
      await move(b);
    });
    expect(socket.recovered).toBe(true);
    await move(a);
    await until(() => remaining().length === 4);
    await roundTrip(socket);
    const states = remaining();
    expect(new Set(states).size).toBe(4);
  });
});
