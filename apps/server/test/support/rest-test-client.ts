import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';

/**
 * For the REST contract tests: a browser-like client of the original client's REST paths (keeps the
 * cookies it is given and sends them back), its socket.io connection, and the refusal check.
 */

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export class RestClient {
  cookies = new Map<string, string>();

  constructor(readonly baseUrl: () => string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const cookie = this.cookieHeader;
    const res = await fetch(`${this.baseUrl()}${path}`, {
      method,
      headers: {
        accept: 'application/json, text/plain, */*',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value) this.cookies.set(pair.slice(0, eq), value);
      else this.cookies.delete(pair.slice(0, eq));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, headers: res.headers, json };
  }
  get = (path: string, headers?: Record<string, string>) =>
    this.call('GET', path, undefined, headers);
  post = (path: string, body: unknown, headers?: Record<string, string>) =>
    this.call('POST', path, body, headers);
  patch = (path: string, body: unknown) => this.call('PATCH', path, body);
  delete = (path: string) => this.call('DELETE', path);

  /** A socket.io connection with this client's cookies; resolves once connected. */
  async socket(): Promise<Socket> {
    const socket = connect(this.baseUrl(), {
      transports: ['polling', 'websocket'],
      extraHeaders: { cookie: this.cookieHeader },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }
}

/** Signs a new user up through /user/signup; the client keeps their session cookie. */
export async function signedUp(baseUrl: () => string, username: string): Promise<RestClient> {
  const client = new RestClient(baseUrl);
  const res = await client.post('/user/signup', { username, password: 'password123' });
  expect(res.status).toBe(200);
  return client;
}

/** A refusal: the status, and a short sentence (not JSON, not a stack). */
export function expectRefusal(res: Answer, status: number, sentence?: RegExp | string) {
  expect({ status: res.status, text: res.text }).toMatchObject({ status });
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(res.text.length).toBeGreaterThan(3);
  expect(res.text).not.toMatch(/[{}]|at \w+ \(/);
  if (typeof sentence === 'string') expect(res.text).toBe(sentence);
  else if (sentence) expect(res.text).toMatch(sentence);
}

/** Everything a socket receives, by event name. */
export function record(socket: Socket): Record<string, unknown[]> {
  const seen: Record<string, unknown[]> = {};
  socket.onAny((event: string, payload: unknown) => (seen[event] ??= []).push(payload));
  return seen;
}

export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
