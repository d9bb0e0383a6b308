import {
  authMessages,
  connectionMessages,
  limitMessages,
  MAX_BATCH_SIZE,
  transportMessages,
} from '@app/validators';
import { connect } from 'node:net';
import superjson from 'superjson';
import { io as ioClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestServer } from './support/test-server';

const TWO_A_MINUTE = { max: 2, windowMs: 60_000 };

/** A tRPC mutation over HTTP, as the web client sends it (headers may claim an X-Forwarded-For). */
async function mutate(
  base: string,
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(superjson.serialize(input)),
  });
  const body = (await res.json()) as {
    result?: { data: ReturnType<typeof superjson.serialize> };
    error?: { json: { message: string } };
  };
  const data = body.result ? superjson.deserialize(body.result.data) : undefined;
  return { status: res.status, message: body.error?.json.message, res, data };
}

async function signUp(base: string, username: string, headers: Record<string, string> = {}) {
  const { res, status } = await mutate(
    base,
    'auth.signup',
    { username, password: 'password123' },
    headers,
  );
  expect(status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('sign-up per address, with TRUST_PROXY unset (the default)', () => {
  const running = useTestServer({ rateLimits: { signups: TWO_A_MINUTE, views: TWO_A_MINUTE } });

  it('a client cannot change its per-address counter by sending X-Forwarded-For', async () => {
    const base = running.url;
    for (const [i, claimed] of ['198.51.100.1', '198.51.100.2'].entries()) {
      await signUp(base, `spoof${i}`, { 'x-forwarded-for': claimed });
    }
    const third = await mutate(
      base,
      'auth.signup',
      { username: 'spoof2', password: 'password123' },
      { 'x-forwarded-for': '198.51.100.3' },
    );
    expect(third.status).toBe(429);
    expect(third.message).toBe(limitMessages.signups);
  });

  it('the REST door gets the same limits: 429 with the sentence as plain text', async () => {
    // The limit on sign-ups is used up above: this user signs up in the world beside the server.
    const { deps } = running;
    await deps.limiters.signups.reset('127.0.0.1');
    const cookie = await signUp(running.url, 'reader');
    const asked = await mutate(
      running.url,
      'question.create',
      { title: 'Why is the sky blue?', text: 'Asking for a friend.', tags: ['physics'] },
      { cookie },
    );
    expect(asked.status).toBe(200);
    const { question } = asked.data as { question: { id: number } };
    const visit = () =>
      fetch(`${running.url}/question/getQuestionById/${question.id}?username=reader`, {
        headers: { cookie },
      });
    expect((await visit()).status).toBe(200);
    expect((await visit()).status).toBe(200);
    const third = await visit();
    expect(third.status).toBe(429);
    expect(await third.text()).toBe(limitMessages.views);
  });
});

describe('sign-up per address behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  const running = useTestServer({
    trustProxy: ['127.0.0.1'],
    rateLimits: { signups: TWO_A_MINUTE },
  });

  it('counts the address the proxy forwarded for', async () => {
    const base = running.url;
    await signUp(base, 'near1', { 'x-forwarded-for': '198.51.100.1' });
    await signUp(base, 'near2', { 'x-forwarded-for': '198.51.100.2' });
    await signUp(base, 'near3', { 'x-forwarded-for': '198.51.100.1' });
    const again = await mutate(
      base,
      'auth.signup',
      { username: 'near4', password: 'password123' },
      { 'x-forwarded-for': '198.51.100.1' },
    );
    expect(again.status).toBe(429);
    expect(again.message).toBe(limitMessages.signups);
  });
});

describe('a batch over the maximum', () => {
  const running = useTestServer();

  it('is refused whole, in our words, before any call runs', async () => {
    const paths = Array<string>(MAX_BATCH_SIZE + 1)
      .fill('tag.list')
      .join(',');
    const res = await fetch(`${running.url}/trpc/${paths}?batch=1&input={}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { json: { message: string } } };
    expect(body.error.json.message).toBe(transportMessages.tooManyCalls);
  });
});

describe('a batch counts once per call inside it', () => {
  const running = useTestServer({ rateLimits: { loginByAddress: { max: 5, windowMs: 60_000 } } });

  it('a tRPC batch of 10 logins is 10 attempts against the per-address limit', async () => {
    const paths = Array<string>(10).fill('auth.login').join(',');
    const input = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        i,
        superjson.serialize({ username: `made-up-${i}`, password: 'wrong-guess' }),
      ]),
    );
    const res = await fetch(`${running.url}/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const answers = (await res.json()) as { error?: { json: { data: { code: string } } } }[];
    const codes = answers.map((answer) => answer.error?.json.data.code).sort();
    expect(codes).toEqual([
      ...Array<string>(5).fill('TOO_MANY_REQUESTS'),
      ...Array<string>(5).fill('UNAUTHORIZED'),
    ]);
    // The address has used its five: a single login after the batch is refused too.
    const single = await mutate(running.url, 'auth.login', {
      username: 'made-up-11',
      password: 'wrong-guess',
    });
    expect(single.status).toBe(429);
    expect(single.message).toBe(authMessages.tooManyAttempts);
  });
});

type Outcome =
  | { kind: 'open'; ws: WebSocket }
  | { kind: 'closed'; code: number; reason: string }
  | { kind: 'refused'; status: number; body: string };

const opened: WebSocket[] = [];

/** Opens a /trpc WebSocket and says what happened: open, closed at once (with code and reason), or refused. */
function openSocket(base: string, headers: Record<string, string>): Promise<Outcome> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/trpc`, { headers });
  opened.push(ws);
  return new Promise((resolve) => {
    let open = false;
    ws.on('open', () => {
      open = true;
      // A socket refused at a cap is closed straight after the upgrade, its close frame sent before
      // anything else: a pong to our ping proves the server kept this one.
      ws.ping();
      ws.once('pong', () => resolve({ kind: 'open', ws }));
    });
    ws.on('close', (code, reason) => resolve({ kind: 'closed', code, reason: `${reason}` }));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ kind: 'refused', status: res.statusCode ?? 0, body }));
    });
    ws.on('error', () => {
      if (!open) resolve({ kind: 'refused', status: 0, body: '' });
    });
  });
}

afterEach(async () => {
  await Promise.all(
    opened.splice(0).map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
});

describe('the /trpc WebSocket needs a session at the upgrade', () => {
  const running = useTestServer();

  it('refuses a connection whose session has ended: 401 with the sentence', async () => {
    const cookie = await signUp(running.url, 'leaver');
    expect((await openSocket(running.url, { cookie })).kind).toBe('open');
    await mutate(running.url, 'auth.logout', undefined, { cookie });
    expect(await openSocket(running.url, { cookie })).toEqual({
      kind: 'refused',
      status: 401,
      body: `${authMessages.sessionEnded}\n`,
    });
  });

  it('refuses a connection without a cookie: 401 with the sentence', async () => {
    expect(await openSocket(running.url, {})).toEqual({
      kind: 'refused',
      status: 401,
      body: `${authMessages.notSignedIn}\n`,
    });
  });
});

/**
 * Addresses come from X-Forwarded-For through a trusted proxy, so one test can be many clients.
 * Each test uses its own sessions and addresses: a socket an earlier test closed need not be
 * released yet by the server.
 */
function useCappedServer(caps: Partial<Record<string, number>>) {
  const running = useTestServer({ trustProxy: ['127.0.0.1'], caps });
  const cookies: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) cookies.push(await signUp(running.url, `capped${i}`));
  });
  const as = (user: number, address: string) => ({
    cookie: cookies[user]!,
    'x-forwarded-for': address,
  });
  return (user: number, address: string) => openSocket(running.url, as(user, address));
}

describe('live connection caps', () => {
  const socket = useCappedServer({
    socketsPerSession: 2,
    socketsPerAddress: 3,
    subscriptionsPerSocket: 2,
  });

  it('caps sockets per session: one more is closed with 1008 and the reason', async () => {
    expect((await socket(0, '192.0.2.1')).kind).toBe('open');
    expect((await socket(0, '192.0.2.2')).kind).toBe('open');
    expect(await socket(0, '192.0.2.3')).toEqual({
      kind: 'closed',
      code: 1008,
      reason: connectionMessages.tooManyForSession,
    });
  });

  it('caps sockets per address, and a closed socket frees its place', async () => {
    const first = await socket(1, '192.0.2.10');
    expect(first.kind).toBe('open');
    expect((await socket(2, '192.0.2.10')).kind).toBe('open');
    expect((await socket(3, '192.0.2.10')).kind).toBe('open');
    expect(await socket(4, '192.0.2.10')).toEqual({
      kind: 'closed',
      code: 1008,
      reason: connectionMessages.tooManyForAddress,
    });
    if (first.kind === 'open') {
      await new Promise((resolve) => {
        first.ws.once('close', resolve);
        first.ws.close();
      });
    }
    await expect
      .poll(async () => (await socket(4, '192.0.2.10')).kind, { interval: 100, timeout: 3000 })
      .toBe('open');
  });

  it('caps subscriptions per socket: the one past the cap gets the sentence, then the socket closes with 1008', async () => {
    const outcome = await socket(5, '192.0.2.30');
    if (outcome.kind !== 'open') throw new Error(`expected an open socket, got ${outcome.kind}`);
    const { ws } = outcome;
    const frames: {
      id: number;
      result?: { type: string };
      error?: { json: { message: string } };
    }[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(`${data}`) as (typeof frames)[number]));
    const closed = new Promise<[number, string]>((resolve) =>
      ws.once('close', (code, reason) => resolve([code, `${reason}`])),
    );
    const subscribe = (id: number, path: string) =>
      ws.send(
        JSON.stringify({ id, method: 'subscription', params: { path, input: { json: {} } } }),
      );
    // In whatever order they start: each reads the database first.
    const started = () =>
      frames
        .filter((f) => f.result?.type === 'started')
        .map((f) => f.id)
        .sort();
    subscribe(1, 'user.onUserChanged');
    subscribe(2, 'question.onQuestionChanged');
    // Two streams open, as a page holds them; then one more than the cap allows.
    await expect.poll(started).toEqual([1, 2]);
    subscribe(3, 'message.onMessage');
    expect(await closed).toEqual([1008, connectionMessages.tooManySubscriptions]);
    expect(started()).toEqual([1, 2]);
    expect(frames.find((f) => f.id === 3)?.error?.json.message).toBe(
      connectionMessages.tooManySubscriptions,
    );
  });
});

describe('the cap on live connections in total', () => {
  const socket = useCappedServer({ socketsTotal: 5 });

  it('caps sockets in total: one more is closed with 1013 (try again later) and the reason', async () => {
    for (const [user, address] of [
      [0, '192.0.2.21'],
      [0, '192.0.2.22'],
      [1, '192.0.2.23'],
      [1, '192.0.2.24'],
      [2, '192.0.2.25'],
    ] as const) {
      expect((await socket(user, address)).kind).toBe('open');
    }
    expect(await socket(3, '192.0.2.26')).toEqual({
      kind: 'closed',
      code: 1013,
      reason: connectionMessages.serverBusy,
    });
  });
});

describe('request and header timeouts', () => {
  const running = useTestServer({ timeouts: { headersMs: 300, requestMs: 600 } });

  /** Sends `text` on a raw connection and reads the whole answer, with how long it took. */
  function slowClient(text: string): Promise<{ answer: string; ms: number }> {
    const { hostname, port } = new URL(running.url);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(Number(port), hostname, () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 10_000).unref();
    });
  }

  it('cuts off a request whose body arrives too slowly: 408 with a sentence', async () => {
    const { answer, ms } = await slowClient(
      'POST /trpc/auth.login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"json":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(transportMessages.tooSlow);
    // Not before the request timeout (600 ms); the 408 itself says it was cut, however busy the machine.
    expect(ms).toBeGreaterThanOrEqual(500);
  });

  it('cuts off a request whose headers never finish', async () => {
    const { answer } = await slowClient('GET /healthz HTTP/1.1\r\nHost: test\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a normal request is unaffected', async () => {
    expect(await (await fetch(`${running.url}/healthz`)).text()).toBe('ok');
  });
});

describe('the socket.io door counts against the same caps', () => {
  const running = useTestServer({ trustProxy: ['127.0.0.1'], caps: { socketsPerAddress: 2 } });
  const opened: ClientSocket[] = [];
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.close();
  });

  /** Resolves with 'open', or with the refusal's sentence (socket.io's connect_error). */
  const socketIo = (address: string) =>
    new Promise<string>((resolve) => {
      const socket = ioClient(running.url, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { 'x-forwarded-for': address },
      });
      opened.push(socket);
      socket.once('connect', () => resolve('open'));
      socket.once('connect_error', (error) => resolve(error.message));
    });

  it('one socket.io connection more than the per-address cap is refused with the sentence', async () => {
    expect(await socketIo('198.51.100.7')).toBe('open');
    expect(await socketIo('198.51.100.7')).toBe('open');
    expect(await socketIo('198.51.100.7')).toBe(connectionMessages.tooManyForAddress);
    expect(await socketIo('198.51.100.8')).toBe('open');
  });
});
