import type { SessionStore, StoredSession } from './session-store';
import type { IoSocket } from './socket-context';

/**
 * How long a process counts as alive after its last heartbeat: a live session whose owner has
 * been silent this long may be restored elsewhere (recovery.ts). Short, since a client cut by its
 * process's death waits that long (at most) for its session; renewed three times within it, so a
 * busy event loop does not pass for a dead one.
 */
export const ALIVE_MS = 3000;
export const ALIVE_RENEW_MS = ALIVE_MS / 3;
/** Room and identity changes of a moment are written together, once per socket. */
export const LIVE_FLUSH_MS = 200;

export interface LiveSessionOptions {
  store: SessionStore;
  /** This process (deps.shared.processId). */
  owner: string;
  /** How long a live session outlives its owner's last renewal (RECOVERY_MS). */
  ttlMs: number;
  /** The session as it is now. */
  sessionOf(socket: IoSocket): StoredSession;
}

export type LiveSessions = ReturnType<typeof liveSessions>;

/**
 * The socket's private session id, which socket.io hands the adapter in persistSession and the
 * client shows to recover (it keeps the field private: only the adapter is meant to see it).
 */
export const pidOf = (socket: IoSocket): string => (socket as unknown as { pid: string }).pid;

/**
 * socket.io saves a socket's session only when it sees the socket go (persistSession): a process
 * killed outright saves nothing. So every connected socket's session is kept in the shared store
 * while it lives, marked live and owned by this process: written when the socket connects and when
 * its rooms or user change, renewed with the others in one statement (or pipeline) per tick, and
 * deleted when it leaves for good. A process that dies leaves them there, and the process its
 * clients reconnect to restores them once this one's heartbeat has lapsed.
 */
export function liveSessions({ store, owner, ttlMs, sessionOf }: LiveSessionOptions) {
  const live = new Map<string, IoSocket>();
  /** What was last written for each live socket's pid (unchanged sessions are not written again). */
  const written = new Map<string, string>();
  const dirty = new Set<string>();
  /** The pids whose session socket.io has just saved as cut: their disconnect keeps it. */
  const persisted = new Set<string>();
  let flushing: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    flushing = null;
    const sessions: StoredSession[] = [];
    for (const id of dirty) {
      const socket = live.get(id);
      if (!socket?.connected) continue;
      const session = sessionOf(socket);
      const shape = JSON.stringify([session.sid, session.rooms, session.data, session.browserKey]);
      if (written.get(session.pid) === shape) continue;
      written.set(session.pid, shape);
      sessions.push(session);
    }
    dirty.clear();
    store.putAll(sessions, ttlMs);
  }

  /** A socket of this process changed rooms or user: its session is written soon. */
  function changed(socketId: string) {
    if (!live.has(socketId)) return;
    dirty.add(socketId);
    if (!flushing) {
      flushing = setTimeout(flush, LIVE_FLUSH_MS);
      flushing.unref();
    }
  }

  const heartbeat = setInterval(() => store.alive(owner, ALIVE_MS), ALIVE_RENEW_MS);
  heartbeat.unref();
  store.alive(owner, ALIVE_MS);
  const renewal = setInterval(() => {
    const pids = [...live.values()].map((socket) => pidOf(socket));
    void store.renew(owner, pids, ttlMs).then((missing) => {
      // Gone from the store (Redis restarted, a write failed): written again in full.
      const lost = new Set(missing);
      for (const socket of live.values())
        if (lost.has(pidOf(socket))) {
          written.delete(pidOf(socket));
          changed(socket.id);
        }
    });
  }, ttlMs / 3);
  renewal.unref();

  return {
    connected(socket: IoSocket) {
      live.set(socket.id, socket);
      changed(socket.id);
      // Before persistSession (socket.io's order): a pending write must not follow the cut one.
      socket.once('disconnecting', () => {
        if (live.get(socket.id) === socket) live.delete(socket.id);
        dirty.delete(socket.id);
        written.delete(pidOf(socket));
      });
      // Not saved as cut (the client left, or the server disconnected it): it ends here.
      socket.once('disconnect', () => {
        if (!persisted.delete(pidOf(socket))) store.drop(pidOf(socket));
      });
    },
    changed,
    /** socket.io saved this session as cut (persistSession), over its live one. */
    persisted(pid: string) {
      persisted.add(pid);
    },
    close() {
      clearInterval(heartbeat);
      clearInterval(renewal);
      if (flushing) clearTimeout(flushing);
    },
  };
}
