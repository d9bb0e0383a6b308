import { closeDatabase, firstRow, openDatabase, socketSessions } from '@app/db';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../../packages/api/test/support/redis-server';
import type { RunningServer } from '../src/app';
import { useServerGroup, type GroupServer } from './support/server-group';
import { join, record, roundTrip, socketClients, until } from './support/socket-test-clients';
import { startSwitchProxy, type SwitchProxy } from './support/switch-proxy';

// A server process killed outright (SIGKILL, a crash) says nothing to its sockets' store: every
// live socket's session is kept there while it is connected, so its client, sent to another
// process by the balancer, gets its rooms back and every event it missed, once and in order. And
// while the socket is still connected to a living process, nobody else can take its session.

const PASSWORD = 'password123';

/** socket.io-client keeps the session's id and last offset to itself; a thief would copy them. */
const recoveryOf = (socket: Socket) =>
  socket as unknown as { _pid: string | undefined; _lastOffset: string | undefined };

/**
 * The new-message updates a socket heard, each as the chat's messages it carries (the original
 * client replaces its chat with them: a replayed one carries the chat as it is when replayed).
 */
const chatUpdates = (seen: Record<string, unknown[]>) =>
  ((seen.chatUpdate ?? []) as { type: string; chat: { messages: { msg: string }[] } }[])
    .filter((update) => update.type === 'newMessage')
    .map((update) => update.chat.messages.map((message) => message.msg));

describe.each([
  ['without Redis', false],
  ['with Redis', true],
])('a socket.io client of a server process that dies (%s)', (_, withRedis) => {
  let redis: TestRedis | null = null;
  let proxy: SwitchProxy | null = null;
  beforeAll(async () => {
    if (withRedis) redis = await startTestRedis();
  });
  afterAll(async () => {
    await proxy?.close();
    await redis?.stop();
  });
  const group = useServerGroup({ redisUrl: () => redis?.url });
  beforeAll(async () => {
    proxy = await startSwitchProxy(server(0).url);
  });
  const server = (i: number) => group.servers[i] as GroupServer;
  const at = (url: () => string) =>
    ({
      get url() {
        return url();
      },
    }) as RunningServer;
  const a = socketClients(at(() => server(0).url));
  const b = socketClients(at(() => server(1).url));
  const viaBalancer = socketClients(at(() => proxy!.url));
  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix}_${withRedis ? 'r' : 't'}${++counter}`;

  /** The rooms of the session the store keeps for this pid, and whether it is live. */
  async function stored(pid: string) {
    let payload: string | null | undefined;
    if (redis) {
      const client = new Redis(redis.url, { lazyConnect: true });
      await client.connect();
      payload = await client.get(`group:sio:session:${pid}`);
      client.disconnect();
    } else {
      const db = await openDatabase({ path: group.databasePath, url: group.databaseUrl });
      try {
        payload = (
          await firstRow(
            db
              .select({ payload: socketSessions.payload })
              .from(socketSessions)
              .where(eq(socketSessions.pid, pid)),
          )
        )?.payload;
      } finally {
        await closeDatabase(db);
      }
    }
    return payload ? (JSON.parse(payload) as { rooms: string[]; connected: boolean }) : null;
  }

  /** A signed-in browser, its socket in a chat of another user's (created through server B). */
  async function inAChat(clients: ReturnType<typeof socketClients>) {
    const other = await b.signUp(uniqueName('otto'));
    const browser = clients.browser();
    const username = uniqueName('rosa');
    expect((await browser.rest.post('/user/signup', { username, password: PASSWORD })).status).toBe(
      200,
    );
    const socket = await browser.socket({ transports: ['websocket'], reconnection: true });
    const seen = record(socket);
    const { data } = await b.mutate<{ chat: { id: number } }>('chat.create', { username }, other);
    const chatId = data.chat.id;
    await join(socket, 'joinChat', chatId);
    const send = (msg: string) => b.mutate('chat.send', { chatId, msg }, other);
    // Its session, in the chat's room, is in the store while it is connected.
    const pid = recoveryOf(socket)._pid!;
    await expect
      .poll(async () => (await stored(pid))?.rooms.includes(`chat:${chatId}`), { timeout: 5000 })
      .toBe(true);
    return { socket, seen, send, pid };
  }

  it("cannot have a living socket's session taken by another connection showing its pid", async () => {
    const { socket, seen, send, pid } = await inAChat(a);
    const offset = recoveryOf(socket)._lastOffset!;
    for (const target of [server(1), server(0)]) {
      const thief = connect(target.url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { pid, offset },
      });
      await new Promise<void>((resolve, reject) => {
        thief.once('connect', () => resolve());
        thief.once('connect_error', reject);
      });
      expect(thief.recovered).toBe(false);
      expect(thief.id).not.toBe(socket.id);
      thief.disconnect();
    }
    // The socket is where it was, in its room, and its session still in the store.
    await send('still here');
    await until(() => chatUpdates(seen).at(-1)?.includes('still here') === true);
    expect(socket.connected).toBe(true);
    expect((await stored(pid))?.connected).toBe(true);
  }, 30_000);

  it('a client that leaves for good leaves no session behind', async () => {
    const { socket, pid } = await inAChat(b);
    socket.disconnect();
    await expect.poll(() => stored(pid), { timeout: 5000 }).toBeNull();
  });

  it('SIGKILL: its client reconnects to the other server, back in its chat room, and misses nothing', async () => {
    const { socket, seen, send } = await inAChat(viaBalancer);
    await send('before the kill');
    await until(() => chatUpdates(seen).length === 1);
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await server(0).kill('SIGKILL');
    // The balancer notices the dead server: nothing gets through until it points at the other.
    proxy!.cut();
    await gone;
    const during = Array.from({ length: 6 }, (_, n) => `while away ${n}`);
    for (const msg of during) await send(msg);
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    proxy!.to(server(1).url);
    await back;
    expect(socket.recovered).toBe(true);
    await send('after the return');
    await until(() => chatUpdates(seen).at(-1)?.includes('after the return') === true, 10_000);
    await roundTrip(socket);
    // One update per message, none twice, none missed, in order.
    const updates = chatUpdates(seen);
    expect(updates).toHaveLength(1 + during.length + 1);
    expect(updates[1]).toEqual(['before the kill', ...during]);
    expect(updates.at(-1)).toEqual(['before the kill', ...during, 'after the return']);
  }, 60_000);
});
