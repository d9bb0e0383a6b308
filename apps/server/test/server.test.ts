import type { AppRouter } from '@app/api';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestServer } from './support/test-server';

// Behind a proxy on this machine (TRUST_PROXY=127.0.0.1), as the https cookie test needs.
const running = useTestServer({ trustProxy: ['127.0.0.1'] });

/** Calls a tRPC mutation over plain HTTP, as the browser's httpBatchLink would (one call, no batch). */
async function mutate(path: string, input: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${running.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(superjson.serialize(input)),
  });
  return { res, text: await res.text() };
}

function cookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  return header.split(';')[0] ?? '';
}

describe('session cookie', () => {
  it('is httpOnly and SameSite=Lax, without Secure over plain http', async () => {
    const { res } = await mutate('auth.signup', {
      username: 'cookie_http',
      password: 'password123',
    });
    expect(res.status).toBe(200);
    const header = res.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/qa_session=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Secure/i);
  });

  it('is Secure when served over https (behind a local proxy)', async () => {
    const { res } = await mutate(
      'auth.signup',
      { username: 'cookie_https', password: 'password123' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.headers.get('set-cookie') ?? '').toMatch(/Secure/i);
  });

  it('restores the user on the next request (a reload) and never sends a password hash', async () => {
    const signup = await mutate('auth.signup', { username: 'reloader', password: 'password123' });
    const me = await fetch(`${running.url}/trpc/auth.me`, {
      headers: { cookie: cookieOf(signup.res) },
    });
    const body = await me.text();
    expect(body).toContain('reloader');
    for (const text of [signup.text, body])
      expect(text).not.toMatch(/scrypt|passwordHash|password_hash/);
  });
});

describe('request size', () => {
  it('refuses a body over the limit with 413 and a sentence', async () => {
    const { res, text } = await mutate('auth.login', {
      username: 'x',
      password: 'p'.repeat(300_000),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(text).error.json.message).not.toMatch(/[{}]/);
  });

  it('refuses a batch of more than 10 calls', async () => {
    const paths = Array.from({ length: 11 }, () => 'auth.me').join(',');
    const res = await fetch(`${running.url}/trpc/${paths}?batch=1&input={}`);
    expect(res.status).toBe(400);
  });
});

describe('a malformed session cookie', () => {
  it('reads as signed out instead of breaking every request', async () => {
    const res = await fetch(`${running.url}/trpc/auth.me`, {
      headers: { cookie: 'qa_session=%%%' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"json":null');
  });
});

describe('errors over HTTP', () => {
  it('answers 429 after repeated failed logins, with a clear sentence', async () => {
    await mutate('auth.signup', { username: 'target', password: 'password123' });
    let last = { res: new Response(), text: '' };
    for (let i = 0; i < 6; i++)
      last = await mutate('auth.login', { username: 'target', password: 'wrong-pass' });
    expect(last.res.status).toBe(429);
    expect(last.text).toContain('Too many failed sign-in attempts');
  });

  it('answers a validation failure with its message, not a raw object', async () => {
    const { res, text } = await mutate('auth.signup', { username: 'x', password: 'short' });
    expect(res.status).toBe(400);
    expect(JSON.parse(text).error.json.message).toBe('Password must be at least 8 characters');
  });
});

describe('malformed requests get sentences, not parser or schema dumps', () => {
  async function messageOf(res: Response) {
    const body = (await res.json()) as { error?: { json?: { message?: string } } };
    return body.error?.json?.message ?? '';
  }

  it('for a body that is not JSON', async () => {
    const res = await fetch(`${running.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"json": ',
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      'The request could not be read. Please reload the page and try again.',
    );
  });

  it('for an id of the wrong type and a search that is too long', async () => {
    const get = (path: string, input: unknown) =>
      fetch(
        `${running.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      );
    expect(await messageOf(await get('question.byId', { qid: 1.5 }))).toBe(
      'The qid is not a valid whole number.',
    );
    expect(await messageOf(await get('question.byId', {}))).toBe('The qid is missing.');
    expect(await messageOf(await get('question.list', { search: 'x'.repeat(201) }))).toBe(
      'The search is too long (at most 200 characters).',
    );
  });
});

describe('web app', () => {
  it('serves the app shell for client-side routes', async () => {
    const res = await fetch(`${running.url}/user/alice`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('app shell');
  });

  it('forbids inline and foreign scripts and framing', async () => {
    const res = await fetch(`${running.url}/home`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('subscriptions over WebSocket', () => {
  it('authenticate from the session cookie and deliver new users live', async () => {
    const signup = await mutate('auth.signup', { username: 'ws_watcher', password: 'password123' });
    const cookie = cookieOf(signup.res);
    const wsClient = createWSClient({
      url: running.url.replace('http', 'ws') + '/trpc',
      WebSocket: class extends WebSocket {
        constructor(url: string | URL) {
          super(url, { headers: { cookie } });
        }
      } as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    const seen: string[] = [];
    const started = new Promise<void>((resolve) => {
      const sub = client.user.onUserChanged.subscribe(undefined, {
        onStarted: () => resolve(),
        onData: (event) => {
          if ('user' in event.data) seen.push(`${event.data.type}:${event.data.user.username}`);
          if (seen.length === 1) sub.unsubscribe();
        },
      });
    });
    await started;
    await mutate('auth.signup', { username: 'newcomer', password: 'password123' });
    await expect.poll(() => seen).toEqual(['created:newcomer']);
    await wsClient.close();
  });

  it('refuse a connection without a session: 401 before the upgrade, with a sentence', async () => {
    const ws = new WebSocket(running.url.replace('http', 'ws') + '/trpc');
    const refusal = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => resolve(`${res.statusCode} ${body.trim()}`));
      });
    });
    expect(refusal).toBe('401 Please sign in to continue.');
  });
});

describe('WebSocket safety', () => {
  function wsClientWithCookie(cookie: string) {
    return createWSClient({
      url: running.url.replace('http', 'ws') + '/trpc',
      WebSocket: class extends WebSocket {
        constructor(url: string | URL) {
          super(url, { headers: { cookie } });
        }
      } as unknown as typeof globalThis.WebSocket,
    });
  }

  it('refuses a WebSocket opened by a page from another origin', async () => {
    const ws = new WebSocket(running.url.replace('http', 'ws') + '/trpc', {
      headers: { origin: 'https://evil.example' },
    });
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('unexpected-response', (_req, res) => resolve(`status ${res.statusCode}`));
      ws.on('error', () => resolve('refused'));
    });
    expect(outcome).toBe('status 403');
  });

  it('accepts a WebSocket from our own pages', async () => {
    const url = new URL(running.url);
    const signup = await mutate('auth.signup', { username: 'ws_own', password: 'password123' });
    const ws = new WebSocket(running.url.replace('http', 'ws') + '/trpc', {
      headers: { origin: url.origin, cookie: cookieOf(signup.res) },
    });
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('refused'));
    });
    ws.close();
    expect(outcome).toBe('open');
  });

  it('refuses changes sent over the WebSocket: a password reset there changes nothing', async () => {
    const signup = await mutate('auth.signup', { username: 'ws_victim', password: 'password123' });
    const wsClient = wsClientWithCookie(cookieOf(signup.res));
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    await expect(
      client.user.resetPassword.mutate({ username: 'ws_victim', password: 'hijacked-password' }),
    ).rejects.toThrow('Only live updates travel over the WebSocket');
    await wsClient.close();
    const login = await mutate('auth.login', { username: 'ws_victim', password: 'password123' });
    expect(login.res.status).toBe(200);
  });
});

describe('one port', () => {
  it('closes WebSocket upgrades on unknown paths', async () => {
    const ws = new WebSocket(running.url.replace('http', 'ws') + '/elsewhere');
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });
});
