import { createWSClient, wsLink, type TRPCLink, type TRPCWebSocketClient } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import superjson from 'superjson';

/** What the layout shows: idle (no subscription needs a socket), connecting, or open (live). */
export type ConnectionStatus = 'idle' | 'connecting' | 'open';

export interface ConnectionSnapshot {
  status: ConnectionStatus;
  /** True while connecting again after this connection was open, so the UI can say "Reconnecting…". */
  reconnecting: boolean;
  /** Bumped every time the connection is recreated (after login, signup, logout, account deletion). */
  generation: number;
}

export interface LiveConnectionOptions {
  /** The WebSocket implementation: the browser's by default (tests pass their own). */
  WebSocket?: typeof WebSocket;
  /** The wait before reconnect attempt n (from 0). */
  retryDelayMs?: (attempt: number) => number;
  /** Silence before a ping, and the wait for its pong (PING_AFTER_SILENCE_MS, PONG_TIMEOUT_MS). */
  keepAlive?: { intervalMs: number; pongTimeoutMs: number };
}

/**
 * How a silent connection is noticed: after this long without a word from the server the client
 * pings, and a pong later than PONG_TIMEOUT_MS drops the socket. So a server that stops answering is
 * seen within about 6 s; the server answers PING with PONG in its WebSocket adapter (no other work).
 */
export const PING_AFTER_SILENCE_MS = 3_000;
export const PONG_TIMEOUT_MS = 3_000;

// 1 s growing to 5 s, with jitter, as SPEC §7 describes for the socket.
const retryDelayMs = (attempt: number) =>
  Math.min(1000 * 2 ** attempt, 5000) * (0.75 + Math.random() * 0.5);

/**
 * One WebSocket connection for tRPC subscriptions that can be replaced by a fresh one. The server reads the
 * session cookie once per connection, so after every sign-in or sign-out the app calls recreate(); open
 * subscriptions move to the new connection by themselves, resuming after the last event id they saw.
 */
export class LiveConnection {
  private client: TRPCWebSocketClient;
  private stopWatching: () => void = () => {};
  private snapshot: ConnectionSnapshot = {
    status: 'idle',
    reconnecting: false,
    generation: 0,
  };
  private readonly statusListeners = new Set<() => void>();
  private readonly swapListeners = new Set<() => void>();

  constructor(
    private readonly url: () => string,
    private readonly options: LiveConnectionOptions = {},
  ) {
    this.client = this.connect();
    this.watch(this.client);
  }

  /** Current state, for useSyncExternalStore. */
  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  /** Listen to state changes, for useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Closes the current WebSocket and opens a new one that carries the current session cookie. */
  recreate = async (): Promise<void> => {
    const old = this.client;
    this.stopWatching();
    this.client = this.connect();
    this.update({ ...this.snapshot, generation: this.snapshot.generation + 1 });
    this.watch(this.client);
    // Move live subscriptions first, so closing the old client does not end them.
    for (const listener of [...this.swapListeners]) listener();
    await old.close();
  };

  /** The terminating link for subscriptions: follows the connection across recreate(). */
  link<TRouter extends AnyTRPCRouter>(): TRPCLink<TRouter> {
    return (runtime) =>
      ({ op }) =>
        observable((observer) => {
          let lastEventId: string | undefined;
          let inner: Unsubscribable | null = null;
          const attach = () => {
            const input =
              lastEventId !== undefined && op.type === 'subscription'
                ? withLastEventId(op.input, lastEventId)
                : op.input;
            const operation = wsLink<TRouter>({ client: this.client, transformer: superjson })(
              runtime,
            );
            inner = operation({
              op: { ...op, input },
              next: () => {
                throw new Error('The WebSocket link must be the last link.');
              },
            }).subscribe({
              next(envelope) {
                const result = envelope.result as { type?: string; id?: unknown };
                if (result.type === 'data' && typeof result.id === 'string')
                  lastEventId = result.id;
                observer.next(envelope);
              },
              error: (err) => observer.error(err),
              complete: () => observer.complete(),
            });
          };
          attach();
          if (op.type !== 'subscription') return () => inner?.unsubscribe();
          const onSwap = () => {
            inner?.unsubscribe();
            attach();
          };
          this.swapListeners.add(onSwap);
          return () => {
            this.swapListeners.delete(onSwap);
            inner?.unsubscribe();
          };
        });
  }

  private connect(): TRPCWebSocketClient {
    return createWSClient({
      url: this.url,
      WebSocket: closingAtOnce(this.options.WebSocket ?? WebSocket),
      // Open the socket only while a subscription needs it: signed-out pages have none (and the
      // server takes signed-in sockets only); a short grace keeps it across page changes.
      lazy: { enabled: true, closeMs: 30_000 },
      // Notice a connection that stopped answering (a frozen server, sleep, a network change): ping
      // after a short silence and drop the socket when no pong comes back in time.
      keepAlive: {
        enabled: true,
        intervalMs: PING_AFTER_SILENCE_MS,
        pongTimeoutMs: PONG_TIMEOUT_MS,
        ...this.options.keepAlive,
      },
      retryDelayMs: this.options.retryDelayMs ?? retryDelayMs,
    });
  }

  /** Follows a client's connection state into the snapshot, for as long as it is the current client. */
  private watch(client: TRPCWebSocketClient) {
    let wasOpen = false;
    const subscription = client.connectionState.subscribe({
      next: (state) => {
        if (client !== this.client) return;
        if (state.state === 'pending') {
          wasOpen = true;
          this.update({ ...this.snapshot, status: 'open', reconnecting: false });
        } else if (state.state === 'connecting') {
          this.update({ ...this.snapshot, status: 'connecting', reconnecting: wasOpen });
        } else {
          // Idle: closed on purpose (no subscription left); the next one connects afresh.
          wasOpen = false;
          this.update({ ...this.snapshot, status: 'idle', reconnecting: false });
        }
      },
    });
    this.stopWatching = () => subscription.unsubscribe();
  }

  private update(next: ConnectionSnapshot) {
    const prev = this.snapshot;
    if (
      prev.status === next.status &&
      prev.reconnecting === next.reconnecting &&
      prev.generation === next.generation
    )
      return;
    this.snapshot = next;
    for (const listener of this.statusListeners) listener();
  }
}

/** Adds lastEventId to a subscription input object (the server resumes after it). */
export function withLastEventId(input: unknown, lastEventId: string): unknown {
  if (input === undefined || input === null) return { lastEventId };
  if (typeof input === 'object' && !Array.isArray(input)) return { ...input, lastEventId };
  return input;
}

type SocketListener = (this: WebSocket, event: Event) => void;

/**
 * The WebSocket class tRPC is given: closing one counts as closed at once. A browser's socket stays
 * CLOSING until the server answers the close, and a server that stopped answering never does (Chromium
 * gives up after a minute), so tRPC — which reconnects only on the 'close' event — kept a dead socket
 * "live". Here close() delivers a 'close' to the socket's listeners at once; whatever the old socket
 * says later (its real close, a late message) is not heard, so nothing is handled twice.
 */
export function closingAtOnce(Base: typeof WebSocket): typeof WebSocket {
  return class ClosingAtOnce extends Base {
    private closedEarly = false;
    private closeHeard = false;
    private readonly closeListeners = new Set<SocketListener>();
    // Each listener as added, per event type, and what was added for it.
    private readonly wrapped = new Map<string, Map<unknown, SocketListener>>();

    override addEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ): void {
      if (!listener) return;
      const call: SocketListener = function (this: WebSocket, event: Event) {
        if (typeof listener === 'function') listener.call(this, event);
        else listener.handleEvent(event);
      };
      const heard: SocketListener = (event) => {
        if (this.closedEarly && !isEarlyClose(event)) return;
        if (type === 'close') this.closeHeard = true;
        call.call(this, event);
      };
      if (!this.wrapped.has(type)) this.wrapped.set(type, new Map());
      this.wrapped.get(type)?.set(listener, heard);
      if (type === 'close') this.closeListeners.add(heard);
      super.addEventListener(type, heard, options);
    }

    override removeEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ): void {
      const heard = this.wrapped.get(type)?.get(listener);
      if (!heard) return;
      this.wrapped.get(type)?.delete(listener);
      this.closeListeners.delete(heard);
      super.removeEventListener(type, heard, options);
    }

    override close(code?: number, reason?: string): void {
      super.close(code, reason);
      // Closed already (the server's close was heard): nothing to add.
      if (this.closedEarly || this.closeHeard) return;
      this.closedEarly = true;
      const event = earlyClose(reason);
      for (const listener of [...this.closeListeners]) listener.call(this, event);
    }
  };
}

const EARLY = Symbol('closed early');
/** The 'close' delivered by close() itself: a plain event that says it did not close cleanly. */
function earlyClose(reason = ''): Event {
  const event = { type: 'close', code: 4000, reason, wasClean: false, [EARLY]: true };
  return event as unknown as Event;
}
const isEarlyClose = (event: Event) => EARLY in event;
