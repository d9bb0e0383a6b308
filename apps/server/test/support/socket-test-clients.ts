import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import superjson from 'superjson';
import { afterAll } from 'vitest';
import type { RunningServer } from '../../src/app';
import { RestClient } from './rest-test-client';
import { BROWSER_COOKIE } from '../../src/legacy/socket/identity';

export interface BrowserSocketOptions {
  transports?: ('polling' | 'websocket')[];
  /**
   * Whether its polls carry the browser's cookies: true for a page on the server's origin or one
   * using `withCredentials: true`; false for a cross-origin page without it (its websocket upgrade
   * still carries them, as browsers send cookies with every WebSocket handshake).
   */
  cookiesOnPolling?: boolean;
  /** socket.io-client's automatic reconnection (the original client's default), quickened. */
  reconnection?: boolean;
}

/**
 * For socket.io tests against a useTestServer: tRPC calls over HTTP as a signed-in user (the web
 * app's door) and socket.io-client sockets as the original client opens them. Call it after
 * useTestServer, so its sockets are closed before the server stops.
 */
export function socketClients(running: RunningServer) {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  const headers = (cookie: string) => ({
    'content-type': 'application/json',
    origin: running.url,
    cookie,
  });
  const answer = async (path: string, res: Response) => {
    const body = (await res.json()) as { result?: { data: unknown } };
    if (!res.ok || !body.result) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return superjson.deserialize(body.result.data as never) as never;
  };

  /** A tRPC mutation with the /trpc guard's headers: the procedure's result and the response. */
  async function mutate<T = never>(path: string, input: unknown, cookie = '') {
    const res = await fetch(`${running.url}/trpc/${path}`, {
      method: 'POST',
      headers: headers(cookie),
      body: JSON.stringify(superjson.serialize(input)),
    });
    return { data: (await answer(path, res)) as T, res };
  }

  async function query<T = never>(path: string, input: unknown, cookie = ''): Promise<T> {
    const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
    const res = await fetch(`${running.url}/trpc/${path}?input=${encoded}`, {
      headers: headers(cookie),
    });
    return answer(path, res);
  }

  /** Signs a new user up; answers their session cookie. */
  async function signUp(username: string): Promise<string> {
    const { res } = await mutate('auth.signup', { username, password: 'password123' });
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  async function open(cookie = '', origin?: string): Promise<Socket> {
    const socket = connect(running.url, {
      transports: ['polling', 'websocket'],
      extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /**
   * One browser of the original client: a cookie jar shared by its REST calls (axios with
   * credentials) and its socket.io requests, which read the jar on every request as a browser does,
   * so a sign-in over REST shows on the socket's next request. It holds a browser key already, as
   * after an earlier visit (a Node client does not keep the cookie the handshake sets).
   */
  function browser() {
    const rest = new RestClient(() => running.url);
    rest.cookies.set(BROWSER_COOKIE, randomBytes(18).toString('base64url'));
    const jar = () =>
      Object.defineProperty({}, 'cookie', { enumerable: true, get: () => rest.cookieHeader });

    async function socket({
      transports = ['polling', 'websocket'],
      cookiesOnPolling = true,
      reconnection = false,
    }: BrowserSocketOptions = {}): Promise<Socket> {
      const socket = connect(running.url, {
        transports,
        reconnection,
        reconnectionDelay: 50,
        reconnectionDelayMax: 200,
        transportOptions: {
          polling: { extraHeaders: cookiesOnPolling ? jar() : {} },
          websocket: { extraHeaders: jar() },
        },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    }

    return { rest, socket };
  }

  return { mutate, query, signUp, open, browser };
}

/** Everything a socket receives, by event name. */
export function record(socket: Socket) {
  const seen: Record<string, unknown[]> = {};
  socket.onAny((event: string, payload: unknown) => (seen[event] ??= []).push(payload));
  return seen;
}

/**
 * joinChat or joinGame with the optional acknowledgement: resolves once the socket is in the room
 * (fails with the server's sentence when it may not join).
 */
export async function join(socket: Socket, event: 'joinChat' | 'joinGame', id: unknown) {
  const reply = (await socket.timeout(5000).emitWithAck(event, id)) as {
    ok: boolean;
    error?: string;
  };
  if (!reply.ok) throw new Error(`${event} ${String(id)}: ${reply.error ?? 'overtaken'}`);
}

/**
 * A round trip on the socket (an acknowledged leave of no room): whatever the server sent the
 * socket before answering it has arrived. The barrier before checking that something did not come.
 */
export const roundTrip = (socket: Socket) => socket.timeout(5000).emitWithAck('leaveGame', '');

export const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
