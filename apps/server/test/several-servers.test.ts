import { codeText, type AppRouter } from '@app/api';
import { closeDatabase, openDatabase, questions } from '@app/db';
import { like } from 'drizzle-orm';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { io as connect, type Socket } from 'socket.io-client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestRedis, type TestRedis } from '../../../packages/api/test/support/redis-server';
import { record, RestClient, until } from './support/rest-test-client';
import { useServerGroup, type GroupServer } from './support/server-group';
import { ADD_PROBLEM, TrpcUser } from './sweep/fixtures';

// Two real server processes on one database, as behind a load balancer without stickiness, with
// Redis and without: what a user does through one is seen through the other, live, at once.

let redis: TestRedis | null = null;

function trpcSocket(server: GroupServer, cookie: string) {
  const wsClient = createWSClient({
    url: server.url.replace('http', 'ws') + '/trpc',
    WebSocket: class extends WebSocket {
      constructor(url: string | URL) {
        super(url, { headers: { cookie } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  return { client, close: () => wsClient.close() };
}

async function socketIo(server: GroupServer, cookie: string): Promise<Socket> {
  const socket = connect(server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** One awareness entry as y-protocols encodes it: count, client id, clock, the state as JSON. */
function awarenessUpdate(clientId: number, state: unknown): string {
  const varUint = (out: number[], value: number) => {
    while (value > 0x7f) {
      out.push(0x80 | (value & 0x7f));
      value = Math.floor(value / 128);
    }
    out.push(value);
  };
  const json = Buffer.from(JSON.stringify(state));
  const out: number[] = [];
  varUint(out, 1);
  varUint(out, clientId);
  varUint(out, 1);
  varUint(out, json.length);
  out.push(...json);
  return Buffer.from(out).toString('base64');
}

/** The same signed-in browser, talking to another server (the balancer sent it there). */
const on = (server: GroupServer, user: TrpcUser) =>
  new TrpcUser(server.url, user.name, user.cookie);

describe.each([
  ['without Redis', false],
  ['with Redis', true],
])('two servers on one database, %s', (_, useRedis) => {
  beforeAll(async () => {
    if (useRedis) redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.stop();
    redis = null;
  });
  const group = useServerGroup({
    redisUrl: () => (useRedis ? redis?.url : undefined),
    defaultLimits: true,
  });
  const a = () => group.servers[0] as GroupServer;
  const b = () => group.servers[1] as GroupServer;
  let n = 0;
  const name = (base: string) => `${base}${useRedis ? 'r' : 'd'}${++n}`;

  it('/healthz names the process that answered and whether Redis is reachable', async () => {
    const health = async (server: GroupServer) =>
      (await (
        await fetch(`${server.url}/healthz`, { headers: { accept: 'application/json' } })
      ).json()) as { pid: number; redis: string };
    const [ha, hb] = await Promise.all([health(a()), health(b())]);
    expect(ha.pid).not.toBe(hb.pid);
    expect(ha.redis).toBe(useRedis ? 'up' : 'off');
  });

  it('an event written through either server reaches the subscribers and sockets of the other, in order, once', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const watcher = await TrpcUser.signUp(b().url, name('watch'));
    const live = trpcSocket(b(), watcher.cookie);
    const socket = await socketIo(b(), watcher.cookie);
    const seen = record(socket);
    const ids: string[] = [];
    await new Promise<void>((resolve) => {
      live.client.question.onQuestionChanged.subscribe(undefined, {
        onStarted: () => resolve(),
        onData: (event) => ids.push(event.id),
      });
    });
    const titles: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const writer = on(i % 2 === 0 ? a() : b(), alice);
      const title = `Question number ${i} across servers`;
      titles.push(title);
      await writer.mutate('question.create', {
        title,
        text: 'Body of the question.',
        tags: ['cluster'],
      });
    }
    await until(() => ids.length >= 6 && (seen.questionUpdate?.length ?? 0) >= 6, 10_000);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(6);
    expect((seen.questionUpdate as { title: string }[]).map((q) => q.title)).toEqual(titles);
    socket.disconnect();
    await live.close();
  });

  it('a cached list and question page on one server show a write made on the other at once', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const onB = on(b(), alice);
    const { question } = await alice.mutate('question.create', {
      title: 'A question whose page is cached',
      text: 'Read it twice on the other server.',
      tags: ['cluster'],
    });
    const list = () => onB.query('question.list', { order: 'newest' });
    await list();
    await list();
    await onB.query('question.byId', { qid: question.id });
    const rest = async () => (await fetch(`${b().url}/question/getQuestion?order=newest`)).json();
    await rest();
    const { question: second } = await alice.mutate('question.create', {
      title: 'A question written on the other server',
      text: 'It must show at once.',
      tags: ['cluster'],
    });
    expect((await list()).items[0].id).toBe(second.id);
    expect(JSON.stringify(await rest())).toContain('A question written on the other server');
    await alice.mutate('answer.create', { qid: question.id, text: 'An answer from server A.' });
    const page = await onB.query('question.byId', { qid: question.id });
    expect(JSON.stringify(page)).toContain('An answer from server A.');
  });

  it('a Nim game with one player on each server: every move is seen live by the other', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const bob = on(b(), await TrpcUser.signUp(a().url, name('bob')));
    const { game } = await alice.mutate('game.createNim', {
      seatCreator: false,
      title: 'Across the servers',
    });
    const bobLive = trpcSocket(b(), bob.cookie);
    const states: { status: string; moves: number }[] = [];
    await new Promise<void>((resolve) => {
      bobLive.client.game.onRoom.subscribe(
        { id: game.id },
        {
          onStarted: () => resolve(),
          onData: (event) => {
            const data = event.data as { game?: { status: string; state?: { moves?: unknown[] } } };
            if (data.game)
              states.push({ status: data.game.status, moves: data.game.state?.moves?.length ?? 0 });
          },
        },
      );
    });
    await alice.mutate('game.join', { id: game.id });
    await bob.mutate('game.join', { id: game.id });
    const started = await bob.query('game.byId', { id: game.id });
    const first = started.players[0] === alice.name ? alice : bob;
    const second = first === alice ? bob : alice;
    await first.mutate('game.nimMove', { id: game.id, numObjects: 1 });
    await second.mutate('game.nimMove', { id: game.id, numObjects: 2 });
    const afterOnA = await alice.query('game.byId', { id: game.id });
    expect(JSON.stringify(afterOnA)).toContain('"numObjects":2');
    await until(() => states.length >= 4, 10_000);
    await bobLive.close();
  });

  it('a direct chat across servers: a message sent on one reaches the other member live', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const bob = on(b(), await TrpcUser.signUp(a().url, name('bob')));
    const { chat } = await alice.mutate('chat.create', { username: bob.name });
    const socket = await socketIo(b(), bob.cookie);
    const seen = record(socket);
    await new Promise<void>((resolve) => socket.emit('joinChat', chat.id, () => resolve()));
    await alice.mutate('chat.send', { chatId: chat.id, msg: 'hello from server A' });
    await until(
      () => JSON.stringify(seen.chatUpdate ?? []).includes('hello from server A'),
      10_000,
    );
    const messages = await bob.query('chat.messages', { chatId: chat.id });
    expect(JSON.stringify(messages)).toContain('hello from server A');
    socket.disconnect();
  });

  it('a chat the original client read on one server shows a message sent on the other at once', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const bob = await TrpcUser.signUp(a().url, name('bob'));
    const { chat } = await alice.mutate('chat.create', { username: bob.name });
    await alice.mutate('chat.send', { chatId: chat.id, msg: 'read on server B' });
    const read = async () =>
      (await (
        await fetch(`${b().url}/chat/${chat.id}`, { headers: { cookie: alice.cookie } })
      ).json()) as { messages: { msg: string }[] };
    expect((await read()).messages.map((m) => m.msg)).toEqual(['read on server B']);
    await read();
    await alice.mutate('chat.send', { chatId: chat.id, msg: 'sent on server A' });
    expect((await read()).messages.map((m) => m.msg)).toEqual([
      'read on server B',
      'sent on server A',
    ]);
  });

  it('one login limit for both: five wrong passwords spread over the two, then the sixth is refused on either', async () => {
    const victim = await TrpcUser.signUp(a().url, name('victim'));
    const guesser = (server: GroupServer) => new RestClient(() => server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await guesser(i % 2 ? a() : b()).post('/user/login', {
        username: victim.name,
        password: `wrong-guess-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.every((status) => status !== 429)).toBe(true);
    for (const server of [a(), b()]) {
      const res = await guesser(server).post('/user/login', {
        username: victim.name,
        password: 'wrong-guess-again',
      });
      expect(res.status).toBe(429);
    }
  });

  it('a private game verified on one server is joined on the other without the password', async () => {
    const owner = await TrpcUser.signUp(a().url, name('owner'));
    const { game } = await owner.mutate('game.createNim', {
      seatCreator: false,
      title: 'Private across servers',
      isPrivate: true,
      password: 'open sesame',
    });
    const guest = new RestClient(() => a().url);
    const guestName = name('guest');
    expect(
      (await guest.post('/user/signup', { username: guestName, password: 'password123' })).status,
    ).toBe(200);
    const verified = await guest.post('/games/verify', {
      gameID: game.id,
      password: 'open sesame',
    });
    expect(verified.status).toBe(200);
    const onB = new RestClient(() => b().url);
    onB.cookies = guest.cookies;
    const joined = await onB.post('/games/join', { gameID: game.id, playerID: guestName });
    expect(joined.status).toBe(200);
    expect(JSON.stringify(joined.json)).toContain(guestName);
  });

  it('a CollabCode cursor sent through one server reaches the other player listening on the other', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const bob = on(b(), await TrpcUser.signUp(a().url, name('bob')));
    const { problem } = await alice.mutate('problem.create', ADD_PROBLEM);
    const { game } = await alice.mutate('game.createCollabCode', {
      seatCreator: false,
      title: 'Cursors across servers',
      problemId: problem.id,
    });
    await alice.mutate('game.join', { id: game.id });
    await bob.mutate('game.join', { id: game.id });
    const bobLive = trpcSocket(b(), bob.cookie);
    const heard: string[] = [];
    await new Promise<void>((resolve) => {
      bobLive.client.game.onPresence.subscribe(
        { id: game.id },
        {
          onStarted: () => resolve(),
          onData: (presence) => heard.push((presence as { from: string }).from),
        },
      );
    });
    await alice.mutate('game.presence', {
      id: game.id,
      update: awarenessUpdate(7, { cursor: null }),
    });
    await until(() => heard.includes(alice.name), 10_000);
    await bobLive.close();
  });

  it('a subscriber that reconnects to the other server receives everything it missed, once', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const first = trpcSocket(a(), alice.cookie);
    const ids: string[] = [];
    const titles: string[] = [];
    await new Promise<void>((resolve) => {
      first.client.question.onQuestionChanged.subscribe(undefined, {
        onStarted: () => resolve(),
        onData: (event) => {
          ids.push(event.id);
          const data = event.data as { type: string; question?: { title: string } };
          if (data.type === 'created') titles.push(data.question?.title ?? '');
        },
      });
    });
    await alice.mutate('question.create', {
      title: 'Seen before the cut',
      text: 'One.',
      tags: ['cluster'],
    });
    await until(() => titles.length === 1, 10_000);
    await first.close();
    const missed = ['Missed number one', 'Missed number two', 'Missed number three'];
    for (const [i, title] of missed.entries())
      await on(i % 2 ? a() : b(), alice).mutate('question.create', {
        title,
        text: 'Two.',
        tags: ['cluster'],
      });
    const second = trpcSocket(b(), alice.cookie);
    await new Promise<void>((resolve) => {
      second.client.question.onQuestionChanged.subscribe(
        { lastEventId: ids.at(-1) },
        {
          onStarted: () => resolve(),
          onData: (event) => {
            ids.push(event.id);
            const data = event.data as { type: string; question?: { title: string } };
            if (data.type === 'created') titles.push(data.question?.title ?? '');
          },
        },
      );
    });
    await until(() => titles.length >= 4, 10_000);
    expect(titles).toEqual(['Seen before the cut', ...missed]);
    expect(new Set(ids).size).toBe(ids.length);
    await second.close();
  });
  it('a CollabCode edit made through one server is in the document and on the sockets of the other', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const bob = on(b(), await TrpcUser.signUp(a().url, name('bob')));
    const { problem } = await alice.mutate('problem.create', ADD_PROBLEM);
    const { game } = await alice.mutate('game.createCollabCode', {
      seatCreator: false,
      title: 'Code across servers',
      problemId: problem.id,
    });
    await alice.mutate('game.join', { id: game.id });
    await bob.mutate('game.join', { id: game.id });
    const socket = await socketIo(b(), bob.cookie);
    const seen = record(socket);
    await new Promise<void>((resolve) => socket.emit('joinGame', game.id, () => resolve()));
    const code = 'function add(a, b) {\n  return a + b; // from server A\n}';
    await alice.mutate('game.setCode', { id: game.id, code });
    const { update } = await bob.query('game.codeState', { id: game.id });
    expect(codeText(update)).toBe(code);
    await until(() => JSON.stringify(seen.gameUpdate ?? []).includes('from server A'), 10_000);
    socket.disconnect();
  });
});

describe.each([
  ['without Redis', false],
  ['with Redis', true],
])('a server killed under load, %s', (_, useRedis) => {
  let killRedis: TestRedis | null = null;
  beforeAll(async () => {
    if (useRedis) killRedis = await startTestRedis();
  });
  afterAll(async () => {
    await killRedis?.stop();
  });
  // Limits out of the way: the load is one user writing as fast as two servers answer.
  const group = useServerGroup({ redisUrl: () => killRedis?.url });
  const a = () => group.servers[0] as GroupServer;
  const b = () => group.servers[1] as GroupServer;
  const name = (base: string) => `${base}${useRedis ? 'r' : 'd'}`;

  it('SIGKILL of one server mid-write: the other serves on, no acknowledged write is lost, a subscriber moved over misses nothing', async () => {
    const alice = await TrpcUser.signUp(a().url, name('alice'));
    const tag = name('kill');
    const titles: string[] = [];
    const ids: string[] = [];
    const listen = (server: GroupServer, lastEventId?: string) => {
      const live = trpcSocket(server, alice.cookie);
      return new Promise<typeof live>((resolve) => {
        live.client.question.onQuestionChanged.subscribe(
          lastEventId ? { lastEventId } : undefined,
          {
            onStarted: () => resolve(live),
            onData: (event) => {
              ids.push(event.id);
              const data = event.data as { type: string; question?: { title: string } };
              if (data.type === 'created' && data.question?.title.startsWith(tag))
                titles.push(data.question.title);
            },
          },
        );
      });
    };
    const first = await listen(a());
    const acked: string[] = [];
    let killed = false;
    /** One writer per server; the first one's writes move to the other once its server is gone. */
    const writer = async (index: number) => {
      for (let i = 0; acked.length < 120; i += 1) {
        const server = index === 0 && !killed ? a() : b();
        const title = `${tag} writer ${index} question ${i}`;
        try {
          await on(server, alice).mutate('question.create', {
            title,
            text: 'Under load.',
            tags: ['cluster'],
          });
          acked.push(title);
        } catch {
          // Not acknowledged (its server died under it): a client would try again elsewhere.
        }
      }
    };
    const load = [writer(0), writer(1)];
    await until(() => acked.length >= 40, 30_000);
    await a().kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    await first.close();
    const lastSeen = ids.at(-1);
    const second = await listen(b(), lastSeen);
    await until(() => acked.every((title) => titles.includes(title)), 20_000);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(titles).size).toBe(titles.length);
    const db = await openDatabase({ path: group.databasePath, url: group.databaseUrl });
    const stored = (
      await db
        .select({ title: questions.title })
        .from(questions)
        .where(like(questions.title, `${tag}%`))
    ).map((row) => row.title);
    await closeDatabase(db);
    for (const title of acked) expect(stored).toContain(title);
    await second.close();
  }, 90_000);
});
