import { addressKey, CONNECTION_CAP_TABLE, type ConnectionCaps } from '@app/api';
import type { IncomingMessage } from 'node:http';

/** Why a live connection was refused: a WebSocket close code and reason (the reason a sentence). */
export interface Refusal {
  code: 1008 | 1013;
  reason: string;
}

export type Admission = { ok: true; release: () => void } | ({ ok: false } & Refusal);

export interface ConnectionCounter {
  /**
   * Counts a new live connection from `address` (and `session`, when it carries one), or says why
   * not: too many in total (1013, try again later), from that address or for that session (1008).
   * Call `release` once when it closes.
   */
  admit(who: { address: string; session: string | null }): Admission;
  /** Open connections now: in total, and for one address or session. */
  open(): { total: number; byAddress(address: string): number; bySession(session: string): number };
}

const refusal = (kind: keyof typeof CONNECTION_CAP_TABLE): Refusal => ({
  code: CONNECTION_CAP_TABLE[kind].closeCode,
  reason: CONNECTION_CAP_TABLE[kind].message,
});

/**
 * The caps on live connections (limits.ts: socketsPerSession, socketsPerAddress, socketsTotal),
 * shared by both doors: the tRPC WebSocket (upgrade.ts) and socket.io count together. In memory,
 * per process: a connection belongs to the process that holds its socket.
 */
export function createConnectionCounter(caps: ConnectionCaps): ConnectionCounter {
  const byAddress = new Map<string, number>();
  const bySession = new Map<string, number>();
  let total = 0;
  const add = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  return {
    admit({ address: client, session }) {
      // Counted as the rate limits count it: an IPv6 client by its /64, which it can roam at will.
      const address = addressKey(client);
      if (total >= caps.socketsTotal) return { ok: false, ...refusal('socketsTotal') };
      if ((byAddress.get(address) ?? 0) >= caps.socketsPerAddress)
        return { ok: false, ...refusal('socketsPerAddress') };
      if (session !== null && (bySession.get(session) ?? 0) >= caps.socketsPerSession)
        return { ok: false, ...refusal('socketsPerSession') };
      total += 1;
      add(byAddress, address, 1);
      if (session !== null) add(bySession, session, 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          total -= 1;
          add(byAddress, address, -1);
          if (session !== null) add(bySession, session, -1);
        },
      };
    },
    open: () => ({
      total,
      byAddress: (address) => byAddress.get(addressKey(address)) ?? 0,
      bySession: (session) => bySession.get(session) ?? 0,
    }),
  };
}

/** What the cap needs of socket.io's engine.io server: request middlewares and new connections. */
export interface EngineLike {
  use(
    middleware: (req: IncomingMessage, res: unknown, next: (error?: unknown) => void) => void,
  ): unknown;
  on(event: 'connection', listener: (conn: EngineConnection) => void): unknown;
}

/** An engine.io connection, as the cap sees it. */
export interface EngineConnection {
  request: IncomingMessage;
  /** Sends one engine.io message (an encoded socket.io packet). */
  send(data: string): unknown;
  close(): unknown;
  once(event: 'close', listener: () => void): unknown;
}

type EngineRequest = IncomingMessage & { _query?: Record<string, string | undefined> };

/**
 * The same caps for socket.io, counted per engine.io connection from its first request (a polling
 * handshake, or the upgrade of a WebSocket-only one), whether or not it ever sends socket.io's
 * CONNECT: until the handshake has read the session, its place is held per address and in total;
 * then it is admitted with that session (null when signed out: socket.io serves public events to
 * signed-out clients, so those count per address and in total only) and freed when it closes.
 * One over a cap gets the reason as its connect_error (socket.io's CONNECT_ERROR, which
 * socket.io-client shows as the error's message) and is closed at once. Register the middleware
 * before any other engine.io middleware that reads the session, and the connection listener first.
 */
export function capEngineIo(
  engine: EngineLike,
  counter: ConnectionCounter,
  addressOf: (req: IncomingMessage) => string,
  sessionOf: (req: IncomingMessage) => Promise<string | null>,
): void {
  const handshakes = new WeakMap<IncomingMessage, { hold: Admission; session: string | null }>();
  engine.use((req: EngineRequest, _res, next) => {
    // A request of a connection that exists (a poll, its upgrade) is that connection's: counted.
    if (req._query?.sid) return next();
    const hold = counter.admit({ address: addressOf(req), session: null });
    const handshake = { hold, session: null as string | null };
    handshakes.set(req, handshake);
    if (!hold.ok) return next();
    // Freed when the handshake fails (no connection); released again is released once.
    req.socket.once('close', hold.release);
    req.once('close', hold.release);
    sessionOf(req)
      .catch(() => null)
      .then((session) => {
        handshake.session = session;
        next();
      }, next);
  });
  engine.on('connection', (conn) => {
    const handshake = handshakes.get(conn.request);
    if (!handshake) return;
    let admission = handshake.hold;
    if (admission.ok) {
      // The held place becomes the connection's, now counted for its session too.
      admission.release();
      admission = counter.admit({ address: addressOf(conn.request), session: handshake.session });
    }
    if (!admission.ok) {
      conn.send(`${SOCKET_IO_CONNECT_ERROR}${JSON.stringify({ message: admission.reason })}`);
      conn.close();
      return;
    }
    conn.once('close', admission.release);
  });
}

/** socket.io's CONNECT_ERROR packet type (socket.io-parser's PacketType), for the main namespace. */
const SOCKET_IO_CONNECT_ERROR = '4';
