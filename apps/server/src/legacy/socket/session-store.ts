import { leases, socketSessions, type Db } from '@app/db';
import { and, eq, exists, gt, like, lte, not, or, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { SocketData } from './socket-context';

/** A socket's session, as any process needs it to restore the socket (recovery.ts). */
export interface StoredSession {
  sid: string;
  pid: string;
  rooms: string[];
  data: SocketData;
  /** The browser it belongs to (identity.ts): a change of its session cookie drops the session. */
  browserKey: string | null;
  /** The CollabCode games whose code had changed and was not sent yet when it was cut. */
  pendingCode: string[];
  /** The process that holds (or held) the socket. */
  owner: string;
  /** Still connected to its owner (a live session), or cut from it (persistSession). */
  connected: boolean;
  /** When it was cut, or for a live one when it was written. */
  disconnectedAt: number;
}
/** The session of a socket that was cut from its process. */
export type CutSession = StoredSession;

export interface SessionStore {
  put(session: StoredSession, ttlMs: number): void;
  /** Live sessions, in one statement or pipeline. */
  putAll(sessions: StoredSession[], ttlMs: number): void;
  /**
   * Extends the live sessions of this process (`owner`) by `ttlMs`, in one statement or pipeline;
   * answers the pids of `pids` the store no longer has (to be written again).
   */
  renew(owner: string, pids: string[], ttlMs: number): Promise<string[]>;
  /** That `owner` is alive, for `ttlMs` (the heartbeat that keeps its live sessions its own). */
  alive(owner: string, ttlMs: number): void;
  /** The process `owner` is shutting down: its heartbeat stops now. */
  gone(owner: string): void;
  /** The session, removed from the store: only one taker ever gets it (see TakeResult). */
  take(pid: string): Promise<TakeResult>;
  drop(pid: string): void;
}

/**
 * A take's answer: the session (now gone from the store), nothing, or `ownerAliveMs`: the session
 * is live on a process whose heartbeat is still fresh for that long (it stays where it is).
 */
export type TakeResult =
  { session: StoredSession } | { session: null; ownerAliveMs?: number; owner?: string };

const parse = (payload: string | null | undefined): StoredSession | null =>
  payload ? (JSON.parse(payload) as StoredSession) : null;

const ALIVE_LEASE = 'socket.io:alive:';

/**
 * GETDEL, unless the session is live and its owner's heartbeat key is still there: then that key's
 * time to live (ms) and the owner, and the session stays. One script, so no write can come between the two reads.
 * The heartbeat's key is named in the payload (a single Redis server, not a cluster).
 */
const TAKE_SCRIPT = `
local payload = redis.call('GET', KEYS[1])
if not payload then return false end
local session = cjson.decode(payload)
if session.connected then
  local ttl = redis.call('PTTL', ARGV[1] .. session.owner)
  if ttl > 0 then return {ttl, session.owner} end
end
redis.call('DEL', KEYS[1])
return payload
`;

/**
 * Where socket.io sessions wait, shared by every process: Redis when it answers now (a key per
 * session, expiring by itself), else the `socket_sessions` table. A session is taken with one
 * command that reads and deletes it (a script, DELETE … RETURNING), so two processes cannot both
 * restore a socket; a live one only once its owner's heartbeat has lapsed (in the same command).
 */
export function sessionStore(
  db: Db,
  redis: Redis | null,
  prefix: string,
  onError: (error: unknown) => void,
): SessionStore {
  const keyOf = (pid: string) => `${prefix}sio:session:${pid}`;
  const aliveKey = `${prefix}sio:alive:`;
  const ready = () => redis?.status === 'ready';
  // A reconnection may come before Redis has acknowledged the session's write.
  const writing = new Map<string, Promise<unknown>>();
  const track = (pids: string[], write: Promise<unknown>) => {
    const settled = write.catch(onError);
    for (const pid of pids) writing.set(pid, settled);
    void settled.finally(() => {
      for (const pid of pids) if (writing.get(pid) === settled) writing.delete(pid);
    });
  };

  const ownerAlive = (now: number) =>
    exists(
      db
        .select({ name: leases.name })
        .from(leases)
        .where(
          and(
            eq(leases.name, sql`${ALIVE_LEASE} || ${socketSessions.owner}`),
            gt(leases.expiresAt, now),
          ),
        ),
    );

  const takeFromTable = (pid: string): Promise<TakeResult> =>
    db.$writer.transaction(async (tx) => {
      const now = Date.now();
      const [row] = await tx
        .delete(socketSessions)
        .where(
          and(
            eq(socketSessions.pid, pid),
            gt(socketSessions.expiresAt, now),
            or(eq(socketSessions.connected, false), not(ownerAlive(now))),
          ),
        )
        .returning({ payload: socketSessions.payload });
      const session = parse(row?.payload);
      if (session) return { session };
      // Not taken: say why when it is live on a living process.
      const [live] = await tx
        .select({ owner: socketSessions.owner, until: leases.expiresAt })
        .from(socketSessions)
        .innerJoin(leases, eq(leases.name, sql`${ALIVE_LEASE} || ${socketSessions.owner}`))
        .where(
          and(
            eq(socketSessions.pid, pid),
            gt(socketSessions.expiresAt, now),
            eq(socketSessions.connected, true),
          ),
        );
      return live && live.until > now
        ? { session: null, ownerAliveMs: live.until - now, owner: live.owner }
        : { session: null };
    });

  const upsert = (sessions: StoredSession[], ttlMs: number) =>
    db.$writer.transaction(async (tx) => {
      const now = Date.now();
      await tx.delete(socketSessions).where(lte(socketSessions.expiresAt, now));
      await tx
        .insert(socketSessions)
        .values(
          sessions.map((session) => ({
            pid: session.pid,
            payload: JSON.stringify(session),
            expiresAt: now + ttlMs,
            owner: session.owner,
            connected: session.connected,
          })),
        )
        .onConflictDoUpdate({
          target: socketSessions.pid,
          set: {
            payload: sql`excluded.payload`,
            expiresAt: sql`excluded.expires_at`,
            owner: sql`excluded.owner`,
            connected: sql`excluded.connected`,
          },
        });
    });

  const putAll = (sessions: StoredSession[], ttlMs: number) => {
    if (sessions.length === 0) return;
    if (redis && ready()) {
      const pipeline = redis.pipeline();
      for (const session of sessions)
        pipeline.set(keyOf(session.pid), JSON.stringify(session), 'PX', ttlMs);
      track(
        sessions.map((session) => session.pid),
        pipeline.exec(),
      );
      return;
    }
    track(
      sessions.map((session) => session.pid),
      upsert(sessions, ttlMs),
    );
  };

  return {
    put: (session, ttlMs) => putAll([session], ttlMs),
    putAll,
    async renew(owner, pids, ttlMs) {
      const now = Date.now();
      const renewed = new Set<string>();
      try {
        const rows = await db.$writer.transaction(async (tx) => {
          await tx.delete(socketSessions).where(lte(socketSessions.expiresAt, now));
          // The heartbeats of processes gone for good.
          await tx
            .delete(leases)
            .where(and(like(leases.name, `${ALIVE_LEASE}%`), lte(leases.expiresAt, now)));
          return tx
            .update(socketSessions)
            .set({ expiresAt: now + ttlMs })
            .where(and(eq(socketSessions.owner, owner), eq(socketSessions.connected, true)))
            .returning({ pid: socketSessions.pid });
        });
        for (const { pid } of rows) renewed.add(pid);
      } catch (error) {
        onError(error);
      }
      if (redis && ready() && pids.length > 0) {
        const pipeline = redis.pipeline();
        for (const pid of pids) pipeline.pexpire(keyOf(pid), ttlMs);
        const results = await pipeline.exec().catch((error: unknown) => {
          onError(error);
          return null;
        });
        results?.forEach(([, extended], i) => {
          if (extended === 1) renewed.add(pids[i]!);
        });
      } else if (redis) return []; // Redis away: its keys cannot be checked now
      return pids.filter((pid) => !renewed.has(pid));
    },
    alive(owner, ttlMs) {
      const now = Date.now();
      db.$writer
        .transaction((tx) =>
          tx
            .insert(leases)
            .values({ name: ALIVE_LEASE + owner, owner, expiresAt: now + ttlMs })
            .onConflictDoUpdate({ target: leases.name, set: { expiresAt: now + ttlMs } }),
        )
        .catch(onError);
      if (redis && ready()) redis.set(aliveKey + owner, '1', 'PX', ttlMs).catch(onError);
    },
    gone(owner) {
      db.$writer
        .transaction((tx) => tx.delete(leases).where(eq(leases.name, ALIVE_LEASE + owner)))
        .catch(onError);
      if (redis && ready()) redis.del(aliveKey + owner).catch(onError);
    },
    async take(pid) {
      await writing.get(pid);
      const fromTable = await takeFromTable(pid);
      if (fromTable.session || fromTable.ownerAliveMs || !redis || !ready()) return fromTable;
      const answer = (await redis.eval(TAKE_SCRIPT, 1, keyOf(pid), aliveKey)) as
        string | [number, string] | null;
      if (Array.isArray(answer))
        return { session: null, ownerAliveMs: answer[0], owner: answer[1] };
      const session = parse(answer);
      return session ? { session } : { session: null };
    },
    drop(pid) {
      // After the session's put, if one is on its way: writes take the writer in call order.
      db.$writer
        .transaction((tx) => tx.delete(socketSessions).where(eq(socketSessions.pid, pid)))
        .catch(onError);
      if (redis && ready())
        void Promise.resolve(writing.get(pid))
          .then(() => redis.del(keyOf(pid)))
          .catch(onError);
    },
  };
}
