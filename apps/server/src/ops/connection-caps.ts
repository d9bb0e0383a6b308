import { addressKey, CONNECTION_CAP_TABLE, type ConnectionCaps, type Shared } from '@app/api';
import { databaseOpen, type Db } from '@app/db';
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { liveConnectionsRedis } from './live-connections-redis';
import {
  liveConnectionsTable,
  type LiveConnection,
  type SharedCapHit,
} from './live-connections-table';
import type { Logger } from './log';

/** Why a live connection was refused: a WebSocket close code and reason (the reason a sentence). */
export interface Refusal {
  code: 1008 | 1013;
  reason: string;
}

export type Admission = { ok: true; release: () => void } | ({ ok: false } & Refusal);

export interface ConnectionCounter {
  /**
   * Counts a new live connection from `address` (and `session`, when it carries one), or says why
   * not: too many in this process (1013, try again later), from that address or for that session
   * across every process (1008). Call `release` once when it closes.
   */
  admit(who: { address: string; session: string | null }): Promise<Admission>;
  /** Open connections of this process now. */
  open(): { total: number };
  /** Stops renewing, and frees this process's connections in the shared store at once. */
  close(): Promise<void>;
}

const refusal = (kind: keyof typeof CONNECTION_CAP_TABLE): Refusal => ({
  code: CONNECTION_CAP_TABLE[kind].closeCode,
  reason: CONNECTION_CAP_TABLE[kind].message,
});

/** How long a recorded connection counts without being renewed: a dead process's stop counting then. */
export const LIVE_CONNECTION_TTL_MS = 30_000;
/** How often a process renews its connections' expiry (well inside the TTL, a busy loop included). */
export const LIVE_CONNECTION_RENEW_MS = 5_000;
/** A Redis that answers slower than this is treated as failed: the table counts instead. */
const REDIS_WAIT_MS = 1000;

export interface CounterDeps {
  db: Db;
  shared: Shared;
  caps: ConnectionCaps;
}

export interface CounterOptions {
  /** Where failures of the shared store are logged. */
  log?: Pick<Logger, 'error'>;
  ttlMs?: number;
  renewMs?: number;
}

/** A session id is a credential: the shared store keeps a digest of it. */
const sessionDigest = (session: string) =>
  createHash('sha256').update(session).digest('base64url').slice(0, 22);

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The caps on live connections (limits.ts), shared by both doors: the tRPC WebSocket (upgrade.ts)
 * and socket.io count together. socketsPerSession and socketsPerAddress count every process's
 * connections, in the shared store: Redis's sorted sets with REDIS_URL (the table when a Redis
 * command fails), else the database's `live_connections` table. socketsTotal stays per process, in
 * memory: it protects one process's memory and fan-out, and is checked before anything is awaited.
 * Each process renews its connections every `renewMs`; a dead process's stop counting after `ttlMs`.
 */
export function createConnectionCounter(
  deps: CounterDeps,
  { log, ttlMs = LIVE_CONNECTION_TTL_MS, renewMs = LIVE_CONNECTION_RENEW_MS }: CounterOptions = {},
): ConnectionCounter {
  const { caps, shared } = deps;
  const table = liveConnectionsTable(deps.db, shared.processId);
  const redis = shared.redis ? liveConnectionsRedis(shared.redis, shared.redisPrefix) : null;
  /** This process's connections, by where they are recorded. */
  const inTable = new Set<LiveConnection>();
  const inRedis = new Set<LiveConnection>();
  let total = 0;
  const failed = (what: string) => (error: unknown) =>
    log?.error({ err: error }, `live connections: ${what} failed`);

  /** Records the connection in Redis, or in the table when Redis cannot answer now. */
  async function record(conn: LiveConnection): Promise<SharedCapHit> {
    const now = Date.now();
    if (redis?.ready()) {
      inRedis.add(conn);
      try {
        const hit = await withinMs(redis.admit(conn, caps, now, now + ttlMs, ttlMs), REDIS_WAIT_MS);
        if (hit !== null) inRedis.delete(conn);
        return hit;
      } catch (error) {
        // Left in inRedis until released: a late answer may still have recorded it there.
        failed('Redis admission')(error);
      }
    }
    const hit = await table.admit(conn, caps, Date.now(), Date.now() + ttlMs);
    if (hit === null) inTable.add(conn);
    return hit;
  }

  function release(conn: LiveConnection) {
    total -= 1;
    // A row that could not be deleted expires unrenewed.
    if (inTable.delete(conn)) table.release(conn.id).catch(failed('release'));
    if (inRedis.delete(conn) && redis) redis.release(conn).catch(failed('Redis release'));
  }

  const renewal = setInterval(() => {
    // The database closed: the server has stopped (and close() was not called), nothing to renew.
    if (!databaseOpen(deps.db)) return clearInterval(renewal);
    const now = Date.now();
    // Also sweeps the expired rows of every process (the table is tiny and indexed).
    table.renew(now, now + ttlMs).catch(failed('renewal'));
    if (redis && inRedis.size > 0)
      redis.renew(inRedis, now + ttlMs, ttlMs).catch(failed('Redis renewal'));
  }, renewMs);
  renewal.unref();

  return {
    async admit({ address: client, session }) {
      // Before anything is awaited: this process's own limit, and its place held meanwhile.
      if (total >= caps.socketsTotal) return { ok: false, ...refusal('socketsTotal') };
      total += 1;
      const conn: LiveConnection = {
        id: randomUUID(),
        // Counted as the rate limits count it: an IPv6 client by its /64, which it can roam at will.
        address: addressKey(client),
        session: session === null ? null : sessionDigest(session),
      };
      let hit: SharedCapHit;
      try {
        hit = await record(conn);
      } catch (error) {
        total -= 1;
        inRedis.delete(conn);
        throw error;
      }
      if (hit !== null) {
        total -= 1;
        return { ok: false, ...refusal(hit) };
      }
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          release(conn);
        },
      };
    },
    open: () => ({ total }),
    async close() {
      clearInterval(renewal);
      await table.releaseAll().catch(failed('release'));
      inTable.clear();
      if (redis) for (const conn of inRedis) redis.release(conn).catch(failed('Redis release'));
      inRedis.clear();
    },
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
 * CONNECT: the handshake reads the session, is admitted with it (null when signed out: socket.io
 * serves public events to signed-out clients, so those count per address and in total only), and
 * the place is the connection's until it closes (or the handshake's, when no connection comes of
 * it). One over a cap gets the reason as its connect_error (socket.io's CONNECT_ERROR, which
 * socket.io-client shows as the error's message) and is closed at once. Register the middleware
 * before any other engine.io middleware that reads the session, and the connection listener first.
 */
export function capEngineIo(
  engine: EngineLike,
  counter: ConnectionCounter,
  addressOf: (req: IncomingMessage) => string,
  sessionOf: (req: IncomingMessage) => Promise<string | null>,
): void {
  const handshakes = new WeakMap<IncomingMessage, { admission: Admission; unhold: () => void }>();
  engine.use((req: EngineRequest, _res, next) => {
    // A request of a connection that exists (a poll, its upgrade) is that connection's: counted.
    if (req._query?.sid) return next();
    sessionOf(req)
      .catch(() => null)
      .then((session) => counter.admit({ address: addressOf(req), session }))
      .then((admission) => {
        let unhold = () => {};
        if (admission.ok) {
          // Freed when the handshake fails (no connection comes of it), or is gone already.
          const free = () => admission.release();
          if (req.socket.destroyed) free();
          req.socket.once('close', free);
          req.once('close', free);
          unhold = () => {
            req.socket.off('close', free);
            req.off('close', free);
          };
        }
        handshakes.set(req, { admission, unhold });
        next();
      }, next);
  });
  engine.on('connection', (conn) => {
    const handshake = handshakes.get(conn.request);
    if (!handshake) return;
    const { admission } = handshake;
    if (!admission.ok) {
      conn.send(`${SOCKET_IO_CONNECT_ERROR}${JSON.stringify({ message: admission.reason })}`);
      conn.close();
      return;
    }
    // The handshake's place becomes the connection's.
    handshake.unhold();
    conn.once('close', admission.release);
  });
}

/** socket.io's CONNECT_ERROR packet type (socket.io-parser's PacketType), for the main namespace. */
const SOCKET_IO_CONNECT_ERROR = '4';
