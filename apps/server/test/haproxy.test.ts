import type { AppRouter } from '@app/api';
import { closeDatabase, firstRow, openDatabase, socketSessions } from '@app/db';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { request } from 'node:http';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../src/app';
import { freePort } from './support/child-server';
import {
  findHaproxy,
  HAPROXY_MISSING,
  haproxyConfigFor,
  readmeHaproxyConfig,
  serverNamesAt,
  startHaproxy,
  type RunningHaproxy,
} from './support/haproxy';
import { useServerGroup, type GroupServer } from './support/server-group';
import { join, record, roundTrip, socketClients, until } from './support/socket-test-clients';
import { TrpcUser } from './sweep/fixtures';

// The README's HAProxy configuration, read from the README and run by a real haproxy in front of
// three real server processes on one database (its bind and server addresses replaced by the
// test's, its health checks quickened): everything below goes through the balancer's port only.

const PASSWORD = 'password123';
const haproxyPath = findHaproxy();

/** Which process answered: /healthz asked for JSON names it. */
async function healthPid(url: string): Promise<number> {
  const res = await fetch(`${url}/healthz`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { pid: number }).pid;
}

/** A tRPC query sent with an X-Request-Id, so the request log of the process that served it says so. */
async function taggedQuery(url: string, path: string, input: unknown, requestId: string) {
  const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  const res = await fetch(`${url}/trpc/${path}?input=${encoded}`, {
    headers: { 'x-request-id': requestId },
  });
  const body = (await res.json()) as { result?: { data: never } };
  if (!res.ok || !body.result) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return superjson.deserialize(body.result.data);
}

/** A tRPC client over a WebSocket, with a browser's session cookie on the upgrade. */
function trpcSocket(url: string, cookie: string) {
  const wsClient = createWSClient({
    url: `${url.replace('http', 'ws')}/trpc`,
    WebSocket: class extends WebSocket {
      constructor(address: string | URL) {
        super(address, { headers: { cookie } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  return { client, close: () => wsClient.close() };
}

/** The engine.io requests of a polling socket: its polls (GET) and its sends (POST). */
function countRequests(socket: Socket) {
  const counts = { polls: 0, sends: 0 };
  const transport = socket.io.engine.transport;
  transport.on('pollComplete', () => (counts.polls += 1));
  transport.on('drain', () => (counts.sends += 1));
  return counts;
}

/** The promise, or a failure with this sentence once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number, sentence: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(sentence)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The messages of a chat's new-message updates a socket heard, newest last. */
const chatMessages = (seen: Record<string, unknown[]>) =>
  ((seen.chatUpdate ?? []) as { type: string; chat: { messages: { msg: string }[] } }[])
    .filter((update) => update.type === 'newMessage')
    .map((update) => update.chat.messages.at(-1)?.msg);

describe("the README's HAProxy configuration in front of three server processes", () => {
  beforeAll(() => {
    // Not a skip: without haproxy the README's configuration goes untested.
    if (!haproxyPath) throw new Error(HAPROXY_MISSING);
  });
  // README: "Set TRUST_PROXY to the balancer's address". Request logs on, to see who served what.
  const group = useServerGroup({ count: 3, env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' } });
  const portOf = (server: GroupServer) => Number(new URL(server.url).port);
  let config = '';
  let balancer: RunningHaproxy | undefined;
  beforeAll(async () => {
    config = haproxyConfigFor(readmeHaproxyConfig(), {
      port: await freePort(),
      serverPorts: group.servers.map(portOf),
      checkInterval: '200ms',
    });
    balancer = await startHaproxy(haproxyPath!, config);
  }, 30_000);
  afterAll(() => balancer?.stop());

  const via = () => {
    if (!balancer) throw new Error('haproxy did not start');
    return balancer.url;
  };
  const throughBalancer = socketClients({
    get url() {
      return via();
    },
  } as RunningServer);
  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix}_hx${++counter}`;

  /** The processes whose request log has a line for this request id. */
  const servedBy = (requestId: string) =>
    group.servers.filter((server) =>
      server.process.stdout().includes(`"reqId":${JSON.stringify(requestId)}`),
    );

  /**
   * The rooms of the session the shared store keeps for a live socket (what another process
   * restores once its holder has died), or null before its holder has written it.
   */
  async function storedRooms(socket: Socket): Promise<string[] | null> {
    const pid = (socket as unknown as { _pid?: string })._pid ?? '';
    const db = await openDatabase({ path: group.databasePath, url: group.databaseUrl });
    try {
      const row = await firstRow(
        db
          .select({ payload: socketSessions.payload })
          .from(socketSessions)
          .where(eq(socketSessions.pid, pid)),
      );
      return row ? (JSON.parse(row.payload) as { rooms: string[] }).rooms : null;
    } finally {
      await closeDatabase(db);
    }
  }

  /** A browser of the original client, signed in over REST, its socket.io on polling alone. */
  async function pollingBrowser(options: { reconnection: boolean }) {
    const username = uniqueName('paula');
    await throughBalancer.signUp(username);
    const browser = throughBalancer.browser();
    // The original client opens its socket when the page loads, then signs in over REST.
    const socket = await browser.socket({ transports: ['polling'], ...options });
    const login = await browser.rest.post('/user/login', { username, password: PASSWORD });
    expect(login.status).toBe(200);
    return { username, browser, socket, seen: record(socket) };
  }

  it('spreads plain requests and tRPC calls over more than one process, all of them answered', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 9; i += 1) pids.add(await healthPid(via()));
    expect(pids.size).toBeGreaterThan(1);

    const author = await TrpcUser.signUp(via(), uniqueName('alma'));
    const { question } = (await author.mutate('question.create', {
      title: 'A question written through the balancer',
      text: 'Read back through every process.',
      tags: ['haproxy'],
    })) as { question: { id: number } };
    const ids = Array.from({ length: 9 }, (_, i) => `haproxy-spread-${i}`);
    for (const id of ids) {
      const page = await taggedQuery(via(), 'question.byId', { qid: question.id }, id);
      expect(JSON.stringify(page)).toContain('A question written through the balancer');
    }
    // Each request is in exactly one process's log; together they are in more than one.
    await until(() => ids.every((id) => servedBy(id).length === 1));
    expect(new Set(ids.map((id) => servedBy(id)[0])).size).toBeGreaterThan(1);
  });

  it("the processes see the client's address, not the balancer's, and not one the client made up", async () => {
    // The client from another loopback address than the balancer's own, claiming a third.
    const requestId = 'haproxy-client-address';
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${via()}/healthz`);
      request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          localAddress: '127.0.0.2',
          headers: { 'x-request-id': requestId, 'x-forwarded-for': '10.9.8.7' },
        },
        (res) => resolve(res.resume().statusCode ?? 0),
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    await until(() => servedBy(requestId).length === 1);
    const line = servedBy(requestId)[0]!
      .process.stdout()
      .split('\n')
      .find((entry) => entry.includes(`"reqId":"${requestId}"`));
    expect(JSON.parse(line!)).toMatchObject({ ip: '127.0.0.2' });
  });

  it('a tRPC subscription over a WebSocket through the balancer hears a question written by another request', async () => {
    const reader = await TrpcUser.signUp(via(), uniqueName('rita'));
    const writer = await TrpcUser.signUp(via(), uniqueName('walt'));
    const live = trpcSocket(via(), reader.cookie);
    const titles: string[] = [];
    await new Promise<void>((resolve) => {
      live.client.question.onQuestionChanged.subscribe(undefined, {
        onStarted: () => resolve(),
        onData: (event) => {
          const data = event.data as { type: string; question?: { title: string } };
          if (data.type === 'created') titles.push(data.question?.title ?? '');
        },
      });
    });
    await writer.mutate('question.create', {
      title: 'Heard over the balanced WebSocket',
      text: 'Written through another request.',
      tags: ['haproxy'],
    });
    await until(() => titles.includes('Heard over the balanced WebSocket'), 10_000);
    await live.close();
  });

  it('a socket.io client on polling alone signs in and keeps its session over many polls, every one on the process holding it', async () => {
    const { username, socket, seen } = await pollingBrowser({ reconnection: false });
    const engineId = socket.io.engine.id;
    const requests = countRequests(socket);
    const trouble: string[] = [];
    socket.on('disconnect', (reason) => trouble.push(`disconnect: ${reason}`));
    socket.on('connect_error', (error) => trouble.push(`connect_error: ${error.message}`));

    // Joining a chat needs the sign-in: the socket saw the cookie its browser got over REST.
    const other = await throughBalancer.signUp(uniqueName('otto'));
    const { data } = await throughBalancer.mutate<{ chat: { id: number } }>(
      'chat.create',
      { username },
      other,
    );
    await join(socket, 'joinChat', data.chat.id);
    // Each round trip is a send (POST) and the poll (GET) that brings its answer, each balanced
    // anew by haproxy: one landing on another process would be "Session ID unknown".
    for (let i = 0; i < 30; i += 1) await roundTrip(socket);
    await throughBalancer.mutate(
      'chat.send',
      { chatId: data.chat.id, msg: 'after thirty round trips' },
      other,
    );
    await until(() => chatMessages(seen).includes('after thirty round trips'));

    expect(trouble).toEqual([]);
    expect(socket.io.engine.id).toBe(engineId);
    expect(socket.io.engine.transport.name).toBe('polling');
    expect(requests.polls).toBeGreaterThanOrEqual(30);
    expect(requests.sends).toBeGreaterThanOrEqual(30);
    socket.disconnect();
  });

  it('a killed process is taken out by the health checks: tRPC goes to the others, and its socket.io client resumes on another', async () => {
    const { username, browser, socket, seen } = await pollingBrowser({ reconnection: true });
    const other = await throughBalancer.signUp(uniqueName('olga'));
    const { data } = await throughBalancer.mutate<{ chat: { id: number } }>(
      'chat.create',
      { username },
      other,
    );
    const chatId = data.chat.id;
    await join(socket, 'joinChat', chatId);
    const send = (msg: string) => throughBalancer.mutate('chat.send', { chatId, msg }, other);
    await send('before the kill');
    await until(() => chatMessages(seen).includes('before the kill'));
    // Its holder writes a socket's rooms to the shared store within a moment (live-sessions.ts):
    // a process killed sooner takes the join with it.
    await expect
      .poll(async () => (await storedRooms(socket))?.includes(`chat:${chatId}`) === true)
      .toBe(true);

    // `balance source` sends every socket.io session of this address to one process: a session of
    // our own, opened through the balancer, shows which (only its holder can close it).
    const handshake = await fetch(`${via()}/socket.io/?EIO=4&transport=polling`);
    const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
    const holders: GroupServer[] = [];
    for (const server of group.servers) {
      const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: '1',
      });
      if (res.ok) holders.push(server);
    }
    expect(holders).toHaveLength(1);
    const holder = holders[0]!;
    const deadPid = holder.process.child.pid;
    const socketId = socket.id;

    const cut = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const back = new Promise<void>((resolve) =>
      socket.once('disconnect', () => socket.once('connect', () => resolve())),
    );
    await holder.kill('SIGKILL');
    await within(cut, 5000, 'The socket.io client was not on the process its address hashes to.');
    for (const name of serverNamesAt(config, portOf(holder))) await balancer!.sawDown(name);

    // The client's next calls: all answered, by the processes still alive.
    const reader = new TrpcUser(via(), username, browser.rest.cookieHeader);
    for (let i = 0; i < 6; i += 1) {
      const messages = await reader.query('chat.messages', { chatId });
      expect(JSON.stringify(messages)).toContain('before the kill');
      expect(await healthPid(via())).not.toBe(deadPid);
    }

    // Most often before the client is back, so from the recovery's replay: its first attempt went to
    // the dead process while haproxy still counted it up, and waits out haproxy's retries there.
    await send('while away');
    await within(back, 15_000, 'The socket.io client did not reconnect through the balancer.');
    expect(socket.recovered).toBe(true);
    expect(socket.id).toBe(socketId);
    await send('after the return');
    await until(() => chatMessages(seen).includes('after the return'), 10_000);
    await roundTrip(socket);
    expect(chatMessages(seen)).toEqual(['before the kill', 'while away', 'after the return']);
    socket.disconnect();
  }, 30_000);
});
