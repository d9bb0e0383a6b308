import { createTRPCUntypedClient } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveConnection, type ConnectionSnapshot } from './liveConnection';

type Listener = (event: { data?: unknown }) => void;

/** A stand-in for the browser's WebSocket, driven by the test as if it were the server. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  binaryType = 'blob';
  readonly sent: unknown[] = [];
  pings = 0;
  /** A frozen server: the socket neither answers pings nor completes a close. */
  frozen = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  send(data: string) {
    if (data === 'PING') {
      this.pings += 1;
      if (!this.frozen) queueMicrotask(() => this.emit('message', { data: 'PONG' }));
      return;
    }
    const parsed = JSON.parse(data) as unknown;
    this.sent.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  }
  close() {
    if (this.frozen) this.readyState = FakeSocket.CLOSING;
    else this.drop();
  }

  // --- the test's side ---
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.emit('open', {});
  }
  drop() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.emit('close', {});
  }
  reply(message: unknown) {
    this.emit('message', { data: JSON.stringify(message) });
  }
  private emit(type: string, event: { data?: unknown }) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener.call(this, event);
  }
}

interface SubscriptionMessage {
  id: number;
  method: string;
  params: { path: string; input: { json: unknown }; lastEventId?: string };
}

/** A tracked event as the server's ws adapter sends it: { id, data }, serialized. */
const tracked = (id: string, data: unknown) => superjson.serialize({ id, data });

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await tick(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}
const latestSocket = () => FakeSocket.all.at(-1);
const subscriptionOn = (socket: FakeSocket) =>
  socket.sent.find(
    (m): m is SubscriptionMessage => (m as SubscriptionMessage).method === 'subscription',
  );

function setup(keepAlive?: { intervalMs: number; pongTimeoutMs: number }) {
  FakeSocket.all = [];
  const connection = new LiveConnection(() => 'ws://test/trpc', {
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    retryDelayMs: () => 10,
    keepAlive,
  });
  const states: ConnectionSnapshot[] = [];
  connection.subscribe(() => states.push(connection.getSnapshot()));
  const client = createTRPCUntypedClient({ links: [connection.link()] });
  return { connection, client, states };
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('the live connection', () => {
  it('opens no socket until a subscription needs one', async () => {
    const { connection } = setup();
    await tick(20);
    expect(FakeSocket.all).toEqual([]);
    expect(connection.getSnapshot().status).toBe('idle');
  });

  it('says connecting, then live; after a drop, reconnecting, then live again', async () => {
    const { connection, client, states } = setup();
    const received: unknown[] = [];
    stop = client.subscription(
      'chat.onChatEvent',
      { lastEventId: null },
      {
        onData: (data) => received.push(data),
      },
    ).unsubscribe;

    const first = await until(latestSocket, 'a socket');
    expect(connection.getSnapshot()).toMatchObject({ status: 'connecting', reconnecting: false });
    first.accept();
    const sub = await until(() => subscriptionOn(first), 'the subscription');
    expect(connection.getSnapshot()).toMatchObject({ status: 'open', reconnecting: false });
    first.reply({ id: sub.id, result: { type: 'started' } });
    first.reply({
      id: sub.id,
      result: { type: 'data', id: '41', data: tracked('41', { text: 'seen' }) },
    });

    first.drop();
    expect(connection.getSnapshot()).toMatchObject({ status: 'connecting', reconnecting: true });

    const second = await until(
      () => (FakeSocket.all.length > 1 ? latestSocket() : undefined),
      'a second socket',
    );
    second.accept();
    const resumed = await until(() => subscriptionOn(second), 'the resumed subscription');
    // The same subscription, asking the server to resume after the last event it delivered.
    expect(resumed.params.path).toBe('chat.onChatEvent');
    expect(resumed.params.lastEventId).toBe('41');
    expect(connection.getSnapshot()).toMatchObject({ status: 'open', reconnecting: false });
    second.reply({ id: resumed.id, result: { type: 'started' } });
    second.reply({
      id: resumed.id,
      result: { type: 'data', id: '42', data: tracked('42', { text: 'missed' }) },
    });
    await until(() => (received.length === 2 ? true : undefined), 'both events');
    expect(received).toEqual([
      { id: '41', data: { text: 'seen' } },
      { id: '42', data: { text: 'missed' } },
    ]);
    expect(states.map((s) => `${s.status}${s.reconnecting ? ' (again)' : ''}`)).toEqual([
      'connecting',
      'open',
      'connecting (again)',
      'open',
    ]);
  });

  it('moves open subscriptions to a new socket on recreate, resuming after the last event', async () => {
    const { connection, client } = setup();
    stop = client.subscription('game.onRoom', { id: 'g1', lastEventId: null }, {}).unsubscribe;
    const first = await until(latestSocket, 'a socket');
    first.accept();
    const sub = await until(() => subscriptionOn(first), 'the subscription');
    first.reply({ id: sub.id, result: { type: 'started' } });
    first.reply({ id: sub.id, result: { type: 'data', id: '7', data: tracked('7', 1) } });
    await tick();

    const recreated = connection.recreate();
    const second = await until(
      () => (FakeSocket.all.length > 1 ? latestSocket() : undefined),
      'a new socket',
    );
    second.accept();
    await recreated;
    const moved = await until(() => subscriptionOn(second), 'the moved subscription');
    expect(moved.params.input.json).toEqual({ id: 'g1', lastEventId: '7' });
    expect(connection.getSnapshot()).toMatchObject({ status: 'open', generation: 1 });
  });

  it('drops a socket whose server stops answering: a ping without a pong means reconnecting', async () => {
    const { connection, client, states } = setup({ intervalMs: 40, pongTimeoutMs: 40 });
    stop = client.subscription('chat.onChatEvent', { lastEventId: null }, {}).unsubscribe;
    const first = await until(latestSocket, 'a socket');
    first.accept();
    const sub = await until(() => subscriptionOn(first), 'the subscription');
    first.reply({ id: sub.id, result: { type: 'started' } });
    // A healthy server answers the pings: the connection stays live.
    await until(() => (first.pings >= 2 ? true : undefined), 'two answered pings');
    expect(connection.getSnapshot()).toMatchObject({ status: 'open' });

    // The server freezes: the next ping gets no pong, and the close it asks for never completes.
    first.frozen = true;
    const pingsBefore = first.pings;
    await until(
      () => (connection.getSnapshot().status === 'connecting' ? true : undefined),
      'the drop',
    );
    expect(first.pings).toBe(pingsBefore + 1);
    expect(first.readyState).toBe(FakeSocket.CLOSING);
    expect(connection.getSnapshot()).toMatchObject({ status: 'connecting', reconnecting: true });

    const second = await until(
      () => (FakeSocket.all.length > 1 ? latestSocket() : undefined),
      'a second socket',
    );
    second.accept();
    await until(() => subscriptionOn(second), 'the resumed subscription');
    expect(connection.getSnapshot()).toMatchObject({ status: 'open', reconnecting: false });

    // The frozen server wakes and its close finally arrives: it is not heard as a second drop.
    first.frozen = false;
    first.drop();
    await tick(30);
    expect(connection.getSnapshot()).toMatchObject({ status: 'open' });
    expect(FakeSocket.all).toHaveLength(2);
    expect(states.map((s) => `${s.status}${s.reconnecting ? ' (again)' : ''}`)).toEqual([
      'connecting',
      'open',
      'connecting (again)',
      'open',
    ]);
  });
});
