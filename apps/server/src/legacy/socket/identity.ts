import { findSessionUser, type ApiDeps } from '@app/api';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { isHttps, type CreateRequestContext } from '../../http/context';
import { isAllowedOrigin } from '../../http/origin';
import { SESSION_COOKIE } from '../../http/session';
import type { Logger } from '../../ops/log';
import { RECOVERY_MS } from './recovery-limits';
import { cookieDigest, createSessionSignal, type BrowserSessionChange } from './session-signal';
import { PUBLIC_ROOM, SIGNED_IN_ROOM, userRoom, type RoomTickets } from './rooms';
import type { IoSocket as Socket } from './socket-context';

/**
 * Who a socket.io connection acts for, following the session cookie while it lives: SPEC §7's
 * client opens its socket when the app starts, before the user signs in over HTTP, and keeps it.
 *
 * - Every engine.io request of a connection (each poll, each polling POST that carries client
 *   events, the websocket upgrade) shows the browser's cookies as they are now: when they changed,
 *   the session is read again. A request without the session cookie keeps the session it had, still
 *   checked against the sessions table: a client that sends no cookies with its polls (cross-origin
 *   without `withCredentials`) shows them only on its websocket upgrade, and a logout ends the row.
 * - A websocket shows its cookies once, at the upgrade. So a signed-out connection whose polls
 *   carry cookies is kept on polling (its upgrade is refused), where it sees the sign-in; and a
 *   connection that cannot see a new cookie on its own is closed when that cookie is set, so that
 *   the client reconnects at once (socket.io-client's automatic reconnection) and shows it;
 *   connection-state recovery (recovery.ts) hands it the events of the moment between.
 * - "When that cookie is set": an HTTP response (a login, a sign-up, a logout, through any door)
 *   that sets or clears the session cookie for a browser tells that browser's connections. A browser
 *   is known by a random HttpOnly cookie (BROWSER_COOKIE) given on the socket.io handshake (and on
 *   the websocket upgrade, whose response a browser also takes cookies from). It grants nothing:
 *   whoever shows another browser's key can only make their own connection re-read its own cookies
 *   (and hear, until it has, the events that every signed-in user hears alike).
 * - Sessions also end elsewhere (a password reset, a deletion, a logout from another browser): the
 *   signed-in connections are checked every SESSION_RECHECK_MS, as the tRPC streams are, and again
 *   when a call of theirs is refused as signed out.
 * - Across processes: the login may land on another process than the socket, so "this browser's
 *   session cookie changed" travels as an ephemeral broadcast on the event bus (session-signal.ts),
 *   which every process holding a connection (or a cut socket) of that browser follows.
 *
 * When the user changes, the connection's sockets leave the rooms of the old one (chats, games,
 * signed-in, the user's own) and join the signed-in room and the own room of the new one. Every
 * call a socket makes is built from the session as it is now (socket-context.ts), and the
 * procedure checks it again.
 */

export interface Identity {
  username: string | null;
  sessionId: string | null;
}

export const SIGNED_OUT: Identity = Object.freeze({ username: null, sessionId: null });

export const BROWSER_COOKIE = 'qa_browser';
const BROWSER_KEY = /^[\w-]{16,64}$/;
/** As often as the tRPC streams check that their session still lives. */
export const SESSION_RECHECK_MS = 15_000;
/** How long a polling connection has to show a cookie just set before it is closed instead. */
export const COOKIE_GRACE_MS = 1000;

type EngineSocket = Socket['conn'];
type EngineRequest = IncomingMessage & { _query?: Record<string, string> };

/** A cookie's raw value in a Cookie header (undefined: not there). */
function cookieIn(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const browserKeyIn = (header: string | undefined) => {
  const key = cookieIn(header, BROWSER_COOKIE);
  return key !== undefined && BROWSER_KEY.test(key) ? key : undefined;
};

/** The session cookie a response sets ('' when it clears it), or undefined when it leaves it. */
function sessionCookieSet(header: ReturnType<ServerResponse['getHeader']>): string | undefined {
  const lines = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  let value: string | undefined;
  for (const line of lines) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) value = pair.slice(eq + 1).trim();
  }
  return value;
}

interface Handshake {
  key: string;
  cookies: string | undefined;
  identity: Identity;
}

/** One engine.io connection: its browser's key, what its requests showed, and its user. */
interface Connection {
  sid: string;
  engine: EngineSocket;
  key: string;
  identity: Identity;
  /** The Cookie header of its latest request (unchanged headers are not read again). */
  cookies: string | undefined;
  /** A digest of the session cookie that request showed (null: none). */
  sessionCookie: string | null;
  /** Whether its polling requests carry the browser's cookies (so a sign-in shows on the next). */
  cookiesOnPolling: boolean;
  sockets: Set<Socket>;
  /** Reads of its identity, applied one after another in the order their requests came. */
  reads: Promise<void>;
  grace: ReturnType<typeof setTimeout> | null;
}

export interface IdentityOptions {
  deps: ApiDeps;
  createRequestContext: CreateRequestContext;
  allowedOrigins: readonly string[];
  /** The sockets' room joins: a change of user cancels the ones still being checked. */
  joins: RoomTickets;
  /** Where failed reads of a connection's user are logged (the server's logger). */
  log: Logger;
  sessionRecheckMs?: number;
  cookieGraceMs?: number;
  /** A socket's user or session changed (its stored session is written again: recovery.ts). */
  changed?: (socketId: string) => void;
}

export type Identities = ReturnType<typeof createIdentities>;

export function createIdentities({
  deps,
  createRequestContext,
  allowedOrigins,
  joins,
  log,
  sessionRecheckMs = SESSION_RECHECK_MS,
  cookieGraceMs = COOKIE_GRACE_MS,
  changed = () => {},
}: IdentityOptions) {
  const connections = new Map<string, Connection>();
  const byKey = new Map<string, Set<Connection>>();
  const handshakes = new WeakMap<IncomingMessage, Handshake>();
  const ofEngine = new WeakMap<EngineSocket, Connection>();
  // Sockets disconnected by a network cut wait RECOVERY_MS with their rooms (recovery.ts): by
  // their browser, so that a change of its session cookie meanwhile stops their recovery.
  const browserOfSocket = new WeakMap<object, string>();
  const waitingByKey = new Map<string, Map<string, () => void>>();

  async function verified(sessionId: string | null): Promise<Identity> {
    if (!sessionId) return SIGNED_OUT;
    const viewer = await findSessionUser(deps.db, sessionId);
    return viewer ? { username: viewer.username, sessionId } : SIGNED_OUT;
  }

  /** The user a request's session cookie names: signed out when it names none or an ended one. */
  async function identityIn(req: IncomingMessage): Promise<Identity> {
    const { session } = await createRequestContext({ req, transport: 'internal' });
    return verified(session.sessionId);
  }

  function setBrowserCookie(req: IncomingMessage, res: ServerResponse, key: string) {
    const parts = [`${BROWSER_COOKIE}=${key}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
    if (isHttps(req)) parts.push('Secure');
    // One string: engine.io's upgrade response writes each header as `name: value`.
    res.setHeader('Set-Cookie', parts.join('; '));
  }

  const signal = createSessionSignal(deps, log, (key, change) => sessionChanged(key, change));
  /** A browser this process holds nothing of any more: its signal need not come here. */
  const unfollowIfIdle = (key: string) => {
    if (!byKey.has(key) && !waitingByKey.has(key)) signal.unfollow(key);
  };

  function index(conn: Connection) {
    let set = byKey.get(conn.key);
    if (!set) byKey.set(conn.key, (set = new Set()));
    set.add(conn);
    signal.follow(conn.key);
  }
  function unindex(conn: Connection) {
    const set = byKey.get(conn.key);
    set?.delete(conn);
    if (set?.size === 0) byKey.delete(conn.key);
    unfollowIfIdle(conn.key);
  }

  /** A socket's data and rooms for its connection's user. */
  function sync(socket: Socket, identity: Identity) {
    const changedUser = socket.data.username !== identity.username;
    if (changedUser || socket.data.sessionId !== identity.sessionId) changed(socket.id);
    socket.data.username = identity.username;
    socket.data.sessionId = identity.sessionId;
    if (!changedUser && socket.rooms.has(SIGNED_IN_ROOM) === (identity.username !== null)) return;
    joins.cancelAll(socket);
    for (const room of socket.rooms)
      if (room !== socket.id && room !== PUBLIC_ROOM) void socket.leave(room);
    if (identity.username) void socket.join([SIGNED_IN_ROOM, userRoom(identity.username)]);
  }

  function apply(conn: Connection, identity: Identity) {
    const signedOutNow = conn.identity.username !== null && !identity.username;
    conn.identity = identity;
    // Also when unchanged: a sign-in may have put its sockets in the signed-in room ahead of it.
    for (const socket of conn.sockets) sync(socket, identity);
    // A websocket cannot show the browser's next cookie; its reconnection will.
    if (signedOutNow && conn.engine.transport.name === 'websocket') conn.engine.close();
  }

  /**
   * Closes a connection that cannot show its browser's new session cookie, so that the client
   * reconnects at once and shows it there. First its sockets keep only the rooms that whoever
   * reconnects with them may hear: connection-state recovery restores those rooms, with every event
   * sent to them meanwhile (recovery.ts). That is the public room, and after a sign-in the
   * signed-in room too, whose events every signed-in user hears alike; the rest (chats, games,
   * the user's own events) waits for the session the new connection shows.
   */
  function reconnect(conn: Connection, signingIn: boolean) {
    conn.identity = SIGNED_OUT;
    for (const socket of conn.sockets) {
      sync(socket, SIGNED_OUT);
      if (signingIn) void socket.join(SIGNED_IN_ROOM);
    }
    conn.engine.close();
  }

  /** Runs a read of the connection's user after the ones before it, and applies its answer. */
  function update(conn: Connection, read: () => Promise<Identity>): Promise<void> {
    conn.reads = conn.reads
      .then(read)
      .then((identity) => apply(conn, identity))
      .catch((error: unknown) => log.error({ err: error }, 'socket.io identity read failed'));
    return conn.reads;
  }

  /** What an engine.io request shows: the browser's key, and its cookies when they changed. */
  async function onRequest(req: EngineRequest, res: ServerResponse): Promise<void> {
    const sid = req._query?.sid;
    const cookies = req.headers.cookie;
    const presented = browserKeyIn(cookies);
    if (!sid) {
      // A handshake: its connection does not exist yet (opened() picks this up).
      const key = presented ?? randomBytes(18).toString('base64url');
      if (!presented) setBrowserCookie(req, res, key);
      const identity = await identityIn(req).catch(() => SIGNED_OUT);
      handshakes.set(req, { key, cookies, identity });
      return;
    }
    const conn = connections.get(sid);
    if (!conn) return; // engine.io answers an unknown sid itself
    // allowRequest checked the handshake's Origin; these requests can change who the socket is.
    if (!isAllowedOrigin(req, allowedOrigins)) throw new Error('origin not allowed');
    const upgrade = req._query?.transport === 'websocket';
    if (upgrade) {
      // The key this connection's handshake response set: the browser took cookies from a poll.
      if (presented !== undefined && presented === conn.key) conn.cookiesOnPolling = true;
      else if (!presented) setBrowserCookie(req, res, conn.key);
    } else if (cookies !== undefined) conn.cookiesOnPolling = true;
    if (presented && presented !== conn.key) {
      unindex(conn);
      conn.key = presented;
      index(conn);
    }
    // A request without cookies shows nothing (a poll sent without credentials).
    if (cookies !== undefined && cookies !== conn.cookies) {
      conn.cookies = cookies;
      const sessionCookie = cookieIn(cookies, SESSION_COOKIE);
      conn.sessionCookie = cookieDigest(sessionCookie);
      await update(conn, () =>
        sessionCookie !== undefined ? identityIn(req) : verified(conn.identity.sessionId),
      );
    } else {
      await conn.reads;
      // A sign-in put its sockets in the signed-in room ahead of this request (sessionChanged):
      // cookies that do not show that session take them out again.
      if (cookies !== undefined) for (const socket of conn.sockets) sync(socket, conn.identity);
    }
    // Signed out, on a transport that will show the sign-in: stay on it.
    if (upgrade && !conn.identity.username && conn.cookiesOnPolling)
      throw new Error('a signed-out connection stays on polling');
  }

  /** An HTTP response (on any process) set or cleared the session cookie of the browser with this key. */
  function sessionChanged(key: string, { cookie: shown }: BrowserSessionChange) {
    // Its cut sockets' rooms and events were another session's: they start afresh instead.
    for (const drop of waitingByKey.get(key)?.values() ?? []) drop();
    waitingByKey.delete(key);
    unfollowIfIdle(key);
    for (const conn of byKey.get(key) ?? []) {
      const { engine } = conn;
      if (conn.sessionCookie === shown) continue; // it showed that cookie already
      // A websocket, or polls that do not carry the cookies: nothing it sends will show the change.
      if (engine.transport.name === 'websocket' || !conn.cookiesOnPolling) {
        reconnect(conn, shown !== null);
        continue;
      }
      // A logout ends the session row: stop the signed-in events before the next poll comes.
      if (shown === null) void update(conn, () => verified(conn.identity.sessionId));
      // A sign-in: the events every signed-in user hears come from now on, not from its next poll
      // (which shows whose session it is, and with it the user's own events).
      else for (const socket of conn.sockets) void socket.join(SIGNED_IN_ROOM);
      // Answer the waiting poll, so that the next one comes now with the new cookie.
      if (engine.transport.writable && !engine.upgrading) engine.transport.send([{ type: 'noop' }]);
      if (conn.grace) clearTimeout(conn.grace);
      conn.grace = setTimeout(() => {
        conn.grace = null;
        // Its polls do not carry cookies (or it upgraded meanwhile): it reconnects instead.
        if (connections.get(conn.sid) === conn && conn.sessionCookie !== shown)
          reconnect(conn, shown !== null);
      }, cookieGraceMs);
      conn.grace.unref();
    }
  }

  const recheck = setInterval(() => {
    for (const conn of connections.values())
      if (conn.identity.sessionId) void update(conn, () => verified(conn.identity.sessionId));
  }, sessionRecheckMs);
  recheck.unref();

  return {
    /** For `io.engine.use`: every engine.io request, before engine.io handles it. */
    middleware(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
      onRequest(req, res).then(
        () => next(),
        (error: unknown) => next(error),
      );
    },

    /** For `io.engine.on('connection')`: a new engine.io connection, as its handshake showed it. */
    opened(engine: EngineSocket) {
      const handshake = handshakes.get(engine.request);
      // The first transport has the connection's id; an upgraded one does not.
      const sid = engine.transport.sid;
      const conn: Connection = {
        sid,
        engine,
        key: handshake?.key ?? randomBytes(18).toString('base64url'),
        identity: handshake?.identity ?? SIGNED_OUT,
        cookies: handshake?.cookies,
        sessionCookie: cookieDigest(cookieIn(handshake?.cookies, SESSION_COOKIE)),
        cookiesOnPolling: handshake?.cookies !== undefined,
        sockets: new Set(),
        reads: Promise.resolve(),
        grace: null,
      };
      connections.set(sid, conn);
      ofEngine.set(engine, conn);
      index(conn);
      engine.once('close', () => {
        if (conn.grace) clearTimeout(conn.grace);
        connections.delete(sid);
        unindex(conn);
      });
    },

    /** A socket.io socket on a connection: its data and rooms follow the connection's user. */
    attach(socket: Socket) {
      const conn = ofEngine.get(socket.conn);
      if (!conn) {
        sync(socket, SIGNED_OUT);
        return;
      }
      conn.sockets.add(socket);
      browserOfSocket.set(socket.data, conn.key);
      socket.once('disconnect', () => conn.sockets.delete(socket));
      sync(socket, conn.identity);
    },

    /** The socket's user once every read already under way has been applied. */
    async settled(socket: Socket): Promise<Identity> {
      const conn = ofEngine.get(socket.conn);
      if (!conn) return SIGNED_OUT;
      await conn.reads;
      return conn.identity;
    },

    /** The browser a socket's data belongs to (null: none known). */
    browserOf(data: object): string | null {
      return browserOfSocket.get(data) ?? null;
    },

    /**
     * A cut socket of this browser waits RECOVERY_MS to be recovered (on any process): a change
     * of the browser's session cookie meanwhile, on any process, drops it (`drop`).
     */
    waitForRecovery(pid: string, key: string, drop: () => void): void {
      let waiting = waitingByKey.get(key);
      if (!waiting) waitingByKey.set(key, (waiting = new Map()));
      waiting.set(pid, drop);
      signal.follow(key);
      const forgetting = waiting;
      setTimeout(() => {
        forgetting.delete(pid);
        if (forgetting.size === 0 && waitingByKey.get(key) === forgetting) {
          waitingByKey.delete(key);
          unfollowIfIdle(key);
        }
      }, RECOVERY_MS).unref();
    },

    /** Checks the socket's session again (a call was refused as signed out, say). */
    async recheck(socket: Socket): Promise<void> {
      const conn = ofEngine.get(socket.conn);
      if (conn) await update(conn, () => verified(conn.identity.sessionId));
    },

    /**
     * Watches the server's HTTP responses for ones that set or clear the session cookie of a
     * browser that has had a socket.io connection (it shows our key): every process that holds a
     * connection of that browser, or a cut socket waiting to be recovered, hears it. Answers the
     * function that stops watching.
     */
    watch(server: HttpServer): () => void {
      const onRequest = (req: IncomingMessage, res: ServerResponse) => {
        const key = browserKeyIn(req.headers.cookie);
        if (!key) return;
        res.once('finish', () => {
          const value = sessionCookieSet(res.getHeader('set-cookie'));
          if (value !== undefined) signal.send(key, value);
        });
      };
      server.on('request', onRequest);
      return () => server.off('request', onRequest);
    },

    close() {
      clearInterval(recheck);
      signal.close();
      for (const conn of connections.values()) if (conn.grace) clearTimeout(conn.grace);
    },
  };
}
