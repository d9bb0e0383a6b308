import type { ApiDeps } from '@app/api';
import { Adapter, type BroadcastOptions, type Session } from 'socket.io-adapter';
import type { Logger } from '../../ops/log';
import type { Bridge } from './bridge';
import type { Identities } from './identity';
import { ALIVE_MS, liveSessions, pidOf } from './live-sessions';
import { RECOVERY_MS } from './recovery-limits';
import { sessionStore, type StoredSession } from './session-store';
import type { IoSocket, SocketData } from './socket-context';

/**
 * socket.io's connection-state recovery (socket/index.ts): a client that reconnects within
 * RECOVERY_MS, to this process or to any other on the same database, gets its socket's id, rooms
 * and data back, and every event sent to those rooms since the last one it received, each once.
 *
 * - Offsets are event ids of the bus: the bridge handles events one after another in id order, and
 *   every packet carries the id of the event it comes from (or, for the others, the newest id
 *   handled), so the offset a client shows says which events it has heard.
 * - A cut socket's session (id, rooms, data) waits in a store every process shares
 *   (session-store.ts) and is taken once, by the process the client reconnects to. A live socket's
 *   session is kept there too while it is connected (live-sessions.ts), so that the sockets of a
 *   process that dies without a word (SIGKILL, a crash) can be restored elsewhere.
 * - That process rebuilds the packets it missed from the outbox (bridge.ts, with the socket's
 *   rooms and session as they were), up to the last event it has handled itself: the later ones
 *   reach the restored socket live.
 */
const EVENT_PACKET = 2;

/** What the adapter needs once the bridge and the identities exist. */
export interface Recovery {
  offsetNow(): string;
  persist(session: { sid: string; pid: string; rooms: string[]; data: unknown }): void;
  restore(pid: string, offset: string): Promise<Session | null>;
  /** A socket connected (new or restored): its session is kept while it lives. */
  connected(socket: IoSocket): void;
  /** A socket's rooms or user changed. */
  changed(socketId: string): void;
  close(): void;
}

/** How long a restore waits past a live session's owner's heartbeat (its clock, its last write). */
const ALIVE_MARGIN_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * socket.io's adapter for this server: rooms are each process's own (no adapter spreads emits:
 * every emit comes from bridge.ts, which the bus hands every process's events), and the sessions
 * of cut sockets are the shared store's. `recovery` is read when needed: the bridge comes after
 * the server.
 */
export function recoveryAdapter(recovery: () => Recovery | undefined) {
  return class RecoveryAdapter extends Adapter {
    override broadcast(
      packet: { type: number; id?: number; data: unknown[] },
      opts: BroadcastOptions,
    ) {
      const offsets = recovery();
      // As socket.io's own recovery does: the offset last, after the event's arguments.
      if (
        offsets &&
        packet.type === EVENT_PACKET &&
        packet.id === undefined &&
        opts.flags?.volatile === undefined
      )
        packet.data.push(offsets.offsetNow());
      super.broadcast(packet, opts);
    }
    override addAll(id: string, rooms: Set<string>) {
      // The in-memory adapter answers at once (its type allows a promise for other adapters).
      void super.addAll(id, rooms);
      recovery()?.changed(id);
    }
    override del(id: string, room: string) {
      void super.del(id, room);
      recovery()?.changed(id);
    }
    override persistSession(session: { sid: string; pid: string; rooms: string[]; data: unknown }) {
      recovery()?.persist(session);
    }
    override restoreSession(pid: string, offset: string): Promise<Session> {
      return (recovery()?.restore(pid, offset) ?? Promise.resolve(null)) as Promise<Session>;
    }
  };
}

export function createRecovery(
  deps: ApiDeps,
  log: Logger,
  bridge: Bridge,
  identities: Identities,
): Recovery {
  const failed = (error: unknown) => log.error({ err: error }, 'socket.io recovery store failed');
  const store = sessionStore(deps.db, deps.shared.redis, deps.shared.redisPrefix, failed);
  const owner = deps.shared.processId;
  const sessionOf = (
    { sid, pid, rooms, data }: { sid: string; pid: string; rooms: string[]; data: unknown },
    connected: boolean,
  ): StoredSession => ({
    sid,
    pid,
    rooms,
    data: data as SocketData,
    browserKey: identities.browserOf(data as object),
    pendingCode: bridge.pendingCode(rooms),
    owner,
    connected,
    disconnectedAt: Date.now(),
  });
  const live = liveSessions({
    store,
    owner,
    ttlMs: RECOVERY_MS,
    sessionOf: (socket) =>
      sessionOf(
        { sid: socket.id, pid: pidOf(socket), rooms: [...socket.rooms], data: socket.data },
        true,
      ),
  });

  /**
   * Takes the session, or null. A live one (its socket still connected to its owner when last
   * written) is taken only once its owner's heartbeat has lapsed: the owner is dead, and so is the
   * socket. Whoever presents the pid of a socket still connected to a living process gets nothing,
   * after at most ALIVE_MS (a client whose connection broke without its process noticing yet
   * starts afresh, as it did before live sessions were kept). This process knows its own sockets.
   */
  async function take(pid: string): Promise<StoredSession | null> {
    const deadline = Date.now() + ALIVE_MS + ALIVE_MARGIN_MS;
    for (;;) {
      const taken = await store.take(pid);
      if (taken.session) return taken.session;
      const { ownerAliveMs } = taken;
      if (ownerAliveMs === undefined || taken.owner === owner) return null;
      if (Date.now() + ownerAliveMs > deadline) return null;
      await sleep(ownerAliveMs + 50);
    }
  }

  return {
    offsetNow: bridge.offsetNow,
    persist(socket) {
      const session = sessionOf(socket, false);
      live.persisted(session.pid);
      store.put(session, RECOVERY_MS);
      // Its browser's session cookie changes meanwhile (on any process): it starts afresh.
      const { browserKey, pid } = session;
      if (browserKey) identities.waitForRecovery(pid, browserKey, () => store.drop(pid));
    },
    async restore(pid, offset) {
      try {
        const session = await take(pid);
        if (!session) return null;
        // A live one's time is its store's expiry (its owner renewed it until it died).
        if (!session.connected && session.disconnectedAt + RECOVERY_MS < Date.now()) return null;
        // An ended session (a logout, on any process, while it waited) is refused here.
        const missedPackets = await bridge.replay(session, offset);
        if (!missedPackets) return null;
        const { sid, rooms, data } = session;
        return { sid, pid, rooms, data, missedPackets };
      } catch (error) {
        log.error({ err: error }, 'socket.io recovery failed');
        return null;
      }
    },
    connected: (socket) => live.connected(socket),
    changed: (socketId) => live.changed(socketId),
    close: () => live.close(),
  };
}
