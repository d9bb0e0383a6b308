import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { BROWSER_COOKIE } from '../src/legacy/socket/identity';
import { cookieDigest, type BrowserSessionChange } from '../src/legacy/socket/session-signal';
import { SESSION_COOKIE } from '../src/http/session';
import { record, socketClients, until } from './support/socket-test-clients';
import { useTestServer } from './support/test-server';

// "This browser's session cookie changed" travels on the event bus (an ephemeral broadcast keyed by
// the browser's key), so that a login handled by one process reaches the browser's socket.io
// connection held by another. Here both ends of that crossing, on one server: what a login sends,
// and what a connection does with a change it hears from the bus.

const running = useTestServer();
const { browser } = socketClients(running);

/** Resolves at the socket's next connect after a disconnect (a reconnection). */
const reconnected = (socket: Socket, ms = 3000) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reconnection within ${ms} ms`)), ms);
    socket.once('disconnect', () =>
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });

describe('the session-cookie signal on the event bus', () => {
  it('a sign-in’s response sends it for the browser’s key, with a digest of the new cookie, never the cookie', async () => {
    const client = browser();
    const key = client.rest.cookies.get(BROWSER_COOKIE)!;
    const heard: BrowserSessionChange[] = [];
    const stop = await running.deps.events.subscribeBroadcast('browserSession', key, (change) =>
      heard.push(change),
    );
    try {
      await client.rest.post('/user/signup', { username: 'signalled', password: 'password123' });
      await until(() => heard.length > 0);
      const cookie = client.rest.cookies.get(SESSION_COOKIE)!;
      expect(heard).toEqual([{ cookie: cookieDigest(cookie) }]);
      expect(JSON.stringify(heard)).not.toContain(cookie);

      await client.rest.post('/user/logout', {});
      await until(() => heard.length > 1);
      expect(heard[1]).toEqual({ cookie: null });
    } finally {
      stop();
    }
  });

  it('a change heard from the bus (another process’s login) makes the browser’s websocket connection reconnect to show its cookie', async () => {
    const client = browser();
    await client.rest.post('/user/signup', { username: 'elsewhere', password: 'password123' });
    const socket = await client.socket({ reconnection: true });
    await until(() => socket.io.engine.transport.name === 'websocket');
    const again = reconnected(socket);
    const key = client.rest.cookies.get(BROWSER_COOKIE)!;
    await running.deps.events.broadcast('browserSession', key, {
      cookie: cookieDigest('a session cookie set by another process'),
    });
    await again;
  });

  it('a change to the very cookie the connection shows already leaves it be', async () => {
    const client = browser();
    await client.rest.post('/user/signup', { username: 'unmoved', password: 'password123' });
    const socket = await client.socket({ reconnection: true });
    await until(() => socket.io.engine.transport.name === 'websocket');
    let disconnects = 0;
    socket.on('disconnect', () => disconnects++);
    const seen = record(socket);
    const key = client.rest.cookies.get(BROWSER_COOKIE)!;
    await running.deps.events.broadcast('browserSession', key, {
      cookie: cookieDigest(client.rest.cookies.get(SESSION_COOKIE)),
    });
    await socket.timeout(5000).emitWithAck('leaveGame', '');
    expect(disconnects).toBe(0);
    expect(seen.connect_error).toBeUndefined();
  });
});
