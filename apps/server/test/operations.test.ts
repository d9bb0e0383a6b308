import { closeDatabase, sessions, users } from '@app/db';
import { like } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/app';
import type { ServerConfig } from '../src/ops/config';
import { createLogger } from '../src/ops/log';
import { makeTestDatabase } from './support/test-database';

// Operations: GET /healthz checks the database; one JSON log line per request
// (request id, door, route, status, duration, user id) that never holds a password, cookie or session
// id; Cache-Control: no-store on personal answers, Permissions-Policy on every answer, HSTS over https.

interface LogLine {
  level: string;
  msg: string;
  reqId?: string;
  door?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  userId?: number;
  [key: string]: unknown;
}

/** The real server on a temporary database, its log lines kept in memory instead of stdout. */
function useLoggedServer(overrides: Partial<ServerConfig> = {}) {
  const written: string[] = [];
  const state: { running?: RunningServer; dir: string; drop?: () => Promise<void> } = { dir: '' };
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), 'qa-ops-'));
    // The SQLite file, or on a PostgreSQL run a throwaway PostgreSQL database.
    const database = await makeTestDatabase(join(state.dir, 'app.db'));
    state.drop = database.drop;
    const webDist = join(state.dir, 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
    writeFileSync(join(webDist, 'assets', 'index-Ops1x9.js'), 'console.log("app");');
    const log = createLogger({
      level: 'info',
      destination: { write: (line) => written.push(line) },
    });
    state.running = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        databasePath: database.path,
        databaseUrl: database.url,
        sessionSecret: 'o'.repeat(40),
        webDist,
        seedDemo: false,
        scryptLogN: 10,
        trustedOrigins: [],
        ...overrides,
      },
      { log },
    );
  });
  afterAll(async () => {
    await state.running?.close();
    await state.drop?.();
    rmSync(state.dir, { recursive: true, force: true });
  });
  const running = () => {
    if (!state.running) throw new Error('not started');
    return state.running;
  };
  return {
    get url() {
      return running().url;
    },
    get running() {
      return running();
    },
    /** Everything logged so far, as written. */
    text: () => written.join(''),
    lines: (): LogLine[] =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
    /** The request line with this id, once written (it is written when the answer has gone). */
    async lineOf(reqId: string): Promise<LogLine> {
      for (let i = 0; i < 100; i++) {
        const found = this.lines().find((line) => line.msg === 'request' && line.reqId === reqId);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no log line for request ${reqId}`);
    },
  };
}

const server = useLoggedServer({ trustProxy: ['127.0.0.1'] });

async function trpcMutation(path: string, input: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(superjson.serialize(input)),
  });
}

async function restPost(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');

describe('GET /healthz', () => {
  it('answers 200 while the database answers a query', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the request log', () => {
  it("writes a sign-in's line without the password, the cookie or the session id", async () => {
    const password = 'Sw0rdfish-secret-17';
    await trpcMutation('auth.signup', { username: 'logged_trpc', password });
    await restPost('/user/signup', { username: 'logged_rest', password });

    const trpcLogin = await trpcMutation(
      'auth.login',
      { username: 'logged_trpc', password },
      { 'x-request-id': 'signin-trpc-1' },
    );
    const restLogin = await restPost(
      '/user/login',
      { username: 'logged_rest', password },
      { 'x-request-id': 'signin-rest-1' },
    );
    expect(trpcLogin.status).toBe(200);
    expect(restLogin.status).toBe(200);
    const cookies = [cookieOf(trpcLogin), cookieOf(restLogin)];
    // A signed-in request sends the cookie back; its line too must hold none of it.
    const me = await fetch(`${server.url}/trpc/auth.me`, {
      headers: { cookie: cookies[0] ?? '', 'x-request-id': 'me-1' },
    });
    expect(me.status).toBe(200);

    const userIds = await server.running.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(like(users.username, 'logged_%'));
    const idOf = (name: string) => userIds.find((user) => user.username === name)?.id;
    expect(await server.lineOf('signin-trpc-1')).toMatchObject({
      level: 'info',
      door: 'trpc',
      method: 'POST',
      route: '/trpc/auth.login',
      status: 200,
      userId: idOf('logged_trpc'),
    });
    expect(await server.lineOf('signin-rest-1')).toMatchObject({
      door: 'rest',
      method: 'POST',
      route: '/user/login',
      status: 200,
      userId: idOf('logged_rest'),
    });
    expect(await server.lineOf('me-1')).toMatchObject({
      route: '/trpc/auth.me',
      userId: idOf('logged_trpc'),
    });

    const text = server.text();
    const sessionIds = (await server.running.db.select({ id: sessions.id }).from(sessions)).map(
      (row) => row.id,
    );
    expect(sessionIds.length).toBeGreaterThanOrEqual(4);
    const secrets = [
      password,
      ...sessionIds,
      ...cookies.flatMap((cookie) => cookie.split('; ').map((pair) => pair.split('=')[1] ?? '')),
    ].filter((secret) => secret.length >= 8);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/qa_session|XSRF-TOKEN|set-cookie|"cookie"/i);
  });

  it('keeps a sane X-Request-Id, replaces any other, and answers it', async () => {
    const kept = await fetch(`${server.url}/healthz`, {
      headers: { 'x-request-id': 'edge-7f3a:01' },
    });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a:01');
    await server.lineOf('edge-7f3a:01');

    for (const insane of ['has spaces in it', 'x'.repeat(200), 'a"b{}', 'line\u00e9break']) {
      const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': insane } });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await server.lineOf(id)).toMatchObject({ route: '/healthz', door: 'health' });
    }
    const generated = await fetch(`${server.url}/trpc/tag.list`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs every door: tRPC, REST, the web app and its files, with route, status and duration', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { order: 'newest' } }));
    const requests: [string, RequestInit, Partial<LogLine>][] = [
      [
        `/trpc/question.list?input=${input}`,
        {},
        { door: 'trpc', route: '/trpc/question.list', status: 200 },
      ],
      ['/trpc/no.such', {}, { door: 'trpc', route: '/trpc/no.such', status: 404 }],
      [
        '/question/getQuestionById/999',
        {},
        { door: 'rest', route: '/question/getQuestionById/999' },
      ],
      ['/user/logout', { method: 'POST' }, { door: 'rest', route: '/user/logout', status: 200 }],
      ['/assets/index-Ops1x9.js', {}, { door: 'static', route: '/assets/index-Ops1x9.js' }],
      [
        '/questions/ask?draft=1',
        { headers: { accept: 'text/html' } },
        { door: 'static', route: '/questions/ask', status: 200 },
      ],
    ];
    for (const [path, init, expected] of requests) {
      const res = await fetch(`${server.url}${path}`, init);
      await res.arrayBuffer();
      const line = await server.lineOf(res.headers.get('x-request-id') ?? '');
      expect(line, path).toMatchObject({ ...expected, status: expected.status ?? res.status });
      expect(line.ms, path).toEqual(expect.any(Number));
      expect(line.userId, path).toBeUndefined();
    }
    // The query (tRPC inputs, search words) is never written.
    expect(server.text()).not.toContain('order');
  });
});

describe('the request log of a request cut for its time', () => {
  const slow = useLoggedServer({ timeouts: { headersMs: 300, requestMs: 600 } });

  it('reads 408, not an answer that never went', async () => {
    const { hostname, port, host } = new URL(slow.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          `POST /trpc/auth.login HTTP/1.1\r\nHost: ${host}\r\nX-Request-Id: slow-body-1\r\n` +
            'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        ),
      );
      socket.on('error', () => {});
      // Read the answer (a paused socket would never see the server close).
      socket.resume();
      socket.on('close', () => resolve());
    });
    expect(await slow.lineOf('slow-body-1')).toMatchObject({
      status: 408,
      route: '/trpc/auth.login',
    });
  });
});

describe('the logger', () => {
  it('redacts passwords, cookies and session ids in anything it is handed', () => {
    const written: string[] = [];
    const log = createLogger({ destination: { write: (line) => written.push(line) } });
    log.warn(
      {
        password: 'hunter2-secret',
        sessionId: 'sid-secret-1',
        headers: { cookie: 'qa_session=seal-secret', 'set-cookie': 'qa_session=seal-secret-2' },
        input: { username: 'ana', password: 'hunter3-secret' },
      },
      'handed too much',
    );
    const [line = ''] = written;
    expect(line).not.toMatch(/secret/);
    expect(JSON.parse(line)).toMatchObject({
      level: 'warn',
      password: '[redacted]',
      input: { username: 'ana', password: '[redacted]' },
    });
  });
});

describe('answer headers', () => {
  const paths: [string, RequestInit?][] = [
    ['/healthz'],
    ['/trpc/tag.list'],
    ['/trpc/auth.me'],
    ['/trpc/auth.logout', { method: 'POST', headers: { origin: 'https://evil.example' } }],
    ['/tag/getTagsWithQuestionNumber'],
    ['/assets/index-Ops1x9.js'],
    ['/questions', { headers: { accept: 'text/html' } }],
    ['/nowhere', { method: 'POST' }],
  ];

  it('sends a Permissions-Policy, nosniff and Referrer-Policy on every answer, whichever door', async () => {
    for (const [path, init] of paths) {
      const res = await fetch(`${server.url}${path}`, init);
      await res.arrayBuffer();
      const policy = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        expect(policy, path).toContain(`${feature}=()`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
    }
  });

  it('sends HSTS only when served over https (a trusted proxy says so)', async () => {
    for (const [path, init] of paths) {
      const overHttps = await fetch(`${server.url}${path}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-proto': 'https' },
      });
      await overHttps.arrayBuffer();
      expect(overHttps.headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const plain = await fetch(`${server.url}${path}`, init);
      await plain.arrayBuffer();
      expect(plain.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('marks personal and uncached API answers Cache-Control: no-store', async () => {
    const signup = await trpcMutation('auth.signup', {
      username: 'cache_owner',
      password: 'password123',
    });
    const cookie = cookieOf(signup);
    expect(signup.headers.get('cache-control')).toBe('no-store');
    const personal = [
      `/trpc/auth.me`,
      `/trpc/notification.list`,
      `/user/getUser/cache_owner`,
      `/messaging/getMessages`,
    ];
    for (const path of personal) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    // Refusals and errors too.
    const refused = await fetch(`${server.url}/trpc/auth.me,question.nope`);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const unauthorized = await fetch(`${server.url}/messaging/getMessages`);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the Cache-Control of public cached reads and of the web app alone', async () => {
    const signup = await trpcMutation('auth.signup', {
      username: 'cache_reader',
      password: 'password123',
    });
    const cookie = cookieOf(signup);
    const asked = await trpcMutation(
      'question.create',
      { title: 'Caching headers', text: 'Which answers may a browser keep?', tags: ['http'] },
      { cookie },
    );
    expect(asked.status).toBe(200);
    const body = (await asked.json()) as {
      result: { data: { json: { question: { id: number } } } };
    };
    const qid = body.result.data.json.question.id;
    const byId = `/trpc/question.byId?input=${encodeURIComponent(JSON.stringify({ json: { qid } }))}`;
    const expectations: [string, Record<string, string>, string][] = [
      ['/trpc/tag.list', {}, 'no-cache'],
      ['/trpc/tag.list', { cookie }, 'no-cache'],
      [byId, { cookie }, 'private, no-cache'],
      ['/assets/index-Ops1x9.js', {}, 'public, max-age=31536000, immutable'],
      ['/questions', { accept: 'text/html' }, 'no-cache'],
    ];
    for (const [path, headers, expected] of expectations) {
      const res = await fetch(`${server.url}${path}`, { headers });
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), path).toBe(expected);
    }
  });
});

describe('GET /healthz when the database does not answer', () => {
  const broken = useLoggedServer();

  it('sends no HSTS when an untrusted peer claims https', async () => {
    const res = await fetch(`${broken.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers 503 with a short JSON sentence', async () => {
    // Closed under the running server; not awaited: PostgreSQL's pool refuses queries at once but
    // ends only once the server gives back the connections it holds (its close, after the tests).
    void closeDatabase(broken.running.db);
    const res = await fetch(`${broken.url}/healthz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      status: 'unavailable',
      reason: 'The database is not answering.',
    });
  });
});
