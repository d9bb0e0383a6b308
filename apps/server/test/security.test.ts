import type { AppRouter } from '@app/api';
import { questionMessages, transportMessages } from '@app/validators';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { connect } from 'node:net';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { useTestServer } from './support/test-server';
import { REPO_ROOT } from './support/repo-root';
import { loadConfig } from '../src/ops/config';

const LEGACY_ORIGIN = 'http://legacy.example:3000';

// Behind a proxy on this machine (TRUST_PROXY=loopback), as the https tests below need.
const running = useTestServer({ trustedOrigins: [LEGACY_ORIGIN], trustProxy: ['loopback'] });

afterEach(() => {
  vi.restoreAllMocks();
});

/** A query over plain HTTP with a raw (already superjson-shaped, or deliberately not) input. */
function query(path: string, rawInput: unknown, headers: Record<string, string> = {}) {
  const input = encodeURIComponent(JSON.stringify(rawInput));
  return fetch(`${running.url}/trpc/${path}?input=${input}`, { headers });
}

function post(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${running.url}/trpc/${path}`, { method: 'POST', headers, body });
}

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json()) as { error?: { json?: { message?: string } } };
  return body.error?.json?.message ?? '';
}

async function signup(username: string): Promise<string> {
  const res = await post(
    'auth.signup',
    JSON.stringify(superjson.serialize({ username, password: 'password123' })),
    { 'content-type': 'application/json' },
  );
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function whoIs(cookie: string): Promise<string | null> {
  const res = await query(
    'auth.me',
    { json: null, meta: { values: ['undefined'], v: 1 } },
    {
      cookie,
    },
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { data: { json: { username: string } | null } } };
  return body.result.data.json?.username ?? null;
}

describe('a malformed superjson meta in the input', () => {
  const malicious = [
    ['a meta whose values are a string', { json: { name: 'react' }, meta: { values: 'garbage' } }],
    [
      'an unknown class',
      { json: { name: 'react' }, meta: { values: { name: [['class', 'Foo']] }, v: 1 } },
    ],
    ['an input that is null', null],
    [
      'a path that is not in the input',
      { json: { name: 'react' }, meta: { values: { 'nope.deeper': ['Date'] }, v: 1 } },
    ],
    [
      'a prototype path',
      JSON.parse(
        '{"json":{"name":"react","__proto__":"2020-01-01"},"meta":{"values":{"__proto__":["Date"]},"v":1}}',
      ) as unknown,
    ],
    [
      'a circular reference',
      { json: { name: 'react' }, meta: { referentialEqualities: [['name']], v: 1 } },
    ],
    [
      'a Map that is not a list of entries',
      { json: { name: 'react', m: 'abc' }, meta: { values: { m: ['map'] }, v: 1 } },
    ],
    [
      'a tree nested too deep',
      {
        json: { name: 'react', s: [[[[[[[[['2020-01-01']]]]]]]]] },
        meta: {
          values: {
            s: JSON.parse('["set",{"0":'.repeat(300) + '["Date"]' + '}]'.repeat(300)) as unknown,
          },
          v: 1,
        },
      },
    ],
  ] as const;

  it.each(malicious)('is refused with our sentence, unread: %s', async (_name, input) => {
    const deserialize = vi.spyOn(superjson, 'deserialize');
    const res = await query('tag.byName', input);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { json: { message: string; data: { code: string } } };
    };
    expect(body.error.json.message).toBe(transportMessages.malformed);
    expect(body.error.json.data.code).toBe('BAD_REQUEST');
    // Refused before superjson walks it: no time for a crafted tree to burn (speed is the bench's job).
    expect(deserialize).not.toHaveBeenCalled();
  });

  it('is refused when shared values would make the input contain itself', async () => {
    const loop = {
      json: { name: 'react', a: { b: 1 } },
      meta: { referentialEqualities: { a: ['a.b'] }, v: 1 },
    };
    const res = await query('tag.byName', loop);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(transportMessages.malformed);
  });

  it('is refused over the WebSocket too, in our words', async () => {
    const cookie = await signup('ws_garbage');
    const ws = new WebSocket(running.url.replace('http', 'ws') + '/trpc', { headers: { cookie } });
    await new Promise((resolve) => ws.once('open', resolve));
    const reply = new Promise<string>((resolve) =>
      ws.once('message', (data) => resolve(`${data}`)),
    );
    ws.send(
      JSON.stringify({
        id: 1,
        method: 'subscription',
        params: { path: 'user.onUserChanged', input: { json: null, meta: { values: 'garbage' } } },
      }),
    );
    expect(JSON.parse(await reply)).toMatchObject({
      error: { json: { message: transportMessages.malformed } },
    });
    ws.close();
  });

  it('still reads what our client sends: Dates, undefined, Maps, Sets, bigints, shared values', async () => {
    const deserialize = vi.spyOn(superjson, 'deserialize');
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${running.url}/trpc`, transformer: superjson })],
    });
    const when = new Date('2024-05-01T12:00:00Z');
    // Keys the schema does not know are stripped after they were read: the request must get through.
    const input = {
      name: 'react',
      since: when,
      until: when,
      cursor: undefined,
      seen: new Set([when, 'x']),
      byDay: new Map<string, Date | undefined>([
        ['a', when],
        ['b', undefined],
      ]),
      count: 12n,
      offset: -0,
      nested: [{ at: new Date(0) }, { at: undefined }],
      'dotted.key': new Date(1),
      'back\\slash': new Date(2),
    };
    expect(superjson.serialize(input).meta?.referentialEqualities).toBeDefined();
    await expect(client.tag.byName.query(input)).rejects.toThrow(questionMessages.tagNotFound);
    await expect(client.auth.me.query()).resolves.toBeNull();
    expect(deserialize).toHaveBeenCalled();
  });
});

describe('changes from other sites', () => {
  const json = { 'content-type': 'application/json' };
  const logout = (headers: Record<string, string>) => post('auth.logout', '{}', headers);

  it('refuses a logout posted as a form from another site, and the session survives', async () => {
    const cookie = await signup('form_victim');
    const form = new FormData();
    form.append('x', '1');
    const res = await fetch(`${running.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
      body: form,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { json: { code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } } },
    });
    expect(await whoIs(cookie)).toBe('form_victim');
  });

  it('refuses a JSON change from another origin: another host, scheme or port', async () => {
    const cookie = await signup('origin_victim');
    const own = new URL(running.url);
    for (const origin of [
      'https://evil.example',
      `https://${own.host}`,
      `http://${own.hostname}:${Number(own.port) + 1}`,
      'null',
    ]) {
      const res = await logout({ ...json, cookie, origin });
      expect(res.status, origin).toBe(403);
      expect(await messageOf(res)).toBe(transportMessages.crossSite);
    }
    expect(await whoIs(cookie)).toBe('origin_victim');
  });

  it('refuses a change a browser marks as cross-site or same-site when it sends no Origin', async () => {
    const cookie = await signup('fetch_site_victim');
    for (const site of ['cross-site', 'same-site']) {
      const res = await logout({ ...json, cookie, 'sec-fetch-site': site });
      expect(res.status, site).toBe(403);
    }
    expect(await whoIs(cookie)).toBe('fetch_site_victim');
  });

  it('accepts changes from our own pages, the trusted origins and non-browser clients', async () => {
    const cases: Record<string, string>[] = [
      { origin: running.url },
      { origin: LEGACY_ORIGIN },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of cases) {
      const cookie = await signup(`ok_${Object.values(headers).join('_').replace(/\W/g, '_')}`);
      const res = await logout({ 'content-type': 'application/json', cookie, ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await whoIs(cookie)).toBeNull();
    }
  });

  it('behind a local https proxy, our own origin is the https one', async () => {
    const host = new URL(running.url).host;
    const proxied = { ...json, 'x-forwarded-proto': 'https' };
    expect((await logout({ ...proxied, origin: `https://${host}` })).status).toBe(200);
    expect((await logout({ ...proxied, origin: `http://${host}` })).status).toBe(403);
  });

  it('accepts only JSON bodies for changes', async () => {
    for (const type of [
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ]) {
      const res = await logout({ 'content-type': type, origin: running.url });
      expect(res.status, type).toBe(415);
      expect(await messageOf(res)).toBe(transportMessages.jsonOnly);
    }
    const bare = await fetch(`${running.url}/trpc/auth.logout`, { method: 'POST' });
    expect(bare.status).toBe(415);
    const withCharset = await logout({ 'content-type': 'application/json; charset=utf-8' });
    expect(withCharset.status).toBe(200);
  });
});

describe('WebSocket origins', () => {
  function outcomeFor(origin: string, cookie = ''): Promise<string> {
    const ws = new WebSocket(running.url.replace('http', 'ws') + '/trpc', {
      headers: { origin, cookie },
    });
    return new Promise<string>((resolve) => {
      ws.on('open', () => {
        ws.close();
        resolve('open');
      });
      ws.on('unexpected-response', (_req, res) => resolve(`status ${res.statusCode}`));
      ws.on('error', () => resolve('refused'));
    });
  }

  it('compares the scheme too: an https page may not open our plain ws', async () => {
    expect(await outcomeFor(`https://${new URL(running.url).host}`)).toBe('status 403');
  });

  it('accepts our own pages and the trusted origins', async () => {
    const cookie = await signup('ws_origins');
    expect(await outcomeFor(running.url, cookie)).toBe('open');
    expect(await outcomeFor(LEGACY_ORIGIN, cookie)).toBe('open');
  });
});

describe('a request address over the size limit', () => {
  it('is answered 431 with a sentence', async () => {
    const res = await fetch(`${running.url}/trpc/auth.me?input=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.text()).toContain(transportMessages.headersTooLarge);
  });

  it('a request the HTTP parser cannot read is answered 400 with a sentence', async () => {
    const url = new URL(running.url);
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nbad header: x\r\n\r\n');
    await new Promise((resolve) => socket.on('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(transportMessages.malformed);
  });
});

describe('the session cookie', () => {
  it('is read only when it is exactly one of our seals: trailing junk reads as signed out', async () => {
    const cookie = await signup('seal_owner');
    expect(await whoIs(cookie)).toBe('seal_owner');
    const [name, seal = ''] = cookie.split('=');
    for (const forged of [
      `${seal}x`,
      seal.replace(/~2$/, '~2.5'),
      seal.replace(/~2$/, ''),
      `${seal}~2`,
      `${seal}*`,
      `${seal.slice(0, -2)}=~2`,
    ]) {
      expect(await whoIs(`${name}=${forged}`), forged).toBeNull();
    }
    expect(await whoIs(cookie)).toBe('seal_owner');
  });
});

describe('TRUSTED_ORIGINS', () => {
  const secret = { SESSION_SECRET: 's'.repeat(40) };

  it('is empty by default and reads a comma-separated list of origins', () => {
    expect(loadConfig(secret, REPO_ROOT).trustedOrigins).toEqual([]);
    expect(
      loadConfig(
        { ...secret, TRUSTED_ORIGINS: ' https://A.example , http://b.example:8080/ ,' },
        REPO_ROOT,
      ).trustedOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
  });

  it('refuses anything that is not a full origin', () => {
    expect(() => loadConfig({ ...secret, TRUSTED_ORIGINS: 'example.com' }, REPO_ROOT)).toThrow(
      /TRUSTED_ORIGINS/,
    );
    expect(() =>
      loadConfig({ ...secret, TRUSTED_ORIGINS: 'https://a.example/app' }, REPO_ROOT),
    ).toThrow(/TRUSTED_ORIGINS/);
  });
});
