import type { ApiDeps } from './core/deps';
import { addressKey } from './core/rate-limit';
import { findSessionUser, type Viewer } from './core/viewer';

/** The session cookie as the API sees it: which session id it carries, and how to set or clear it. */
export interface SessionStore {
  readonly sessionId: string | null;
  save(sessionId: string): Promise<void>;
  clear(): Promise<void>;
}

/** A cookie jar of one: for tests and server-side callers. */
export function createMemorySessionStore(sessionId: string | null = null): SessionStore {
  return {
    sessionId,
    async save(id) {
      this.sessionId = id;
    },
    async clear() {
      this.sessionId = null;
    },
  } as SessionStore & { sessionId: string | null };
}

/** A read-only store: the ws upgrade request carries the cookie but cannot set one. */
export function createReadOnlySessionStore(sessionId: string | null): SessionStore {
  const refuse = () =>
    Promise.reject(new Error('The session cookie cannot be changed over a WebSocket.'));
  return { sessionId, save: refuse, clear: refuse };
}

/** Which door a call came through: only subscriptions may use the WebSocket. */
export type Transport = 'http' | 'ws' | 'internal';

/** What one request brings: its cookie, its network address (for rate limits) and its door. */
export interface RequestInfo {
  session: SessionStore;
  clientAddress: string;
  transport: Transport;
}

export interface Context extends RequestInfo {
  deps: ApiDeps;
  /**
   * The viewer of each session id read so far for this one request, when a door makes several
   * calls for it (the original client's REST routes): its calls read the session once, not once
   * each. Never set on a context that outlives its request (a WebSocket's), which must read it on
   * every call.
   */
  viewersThisRequest?: Map<string, Promise<Viewer | null>>;
}

/**
 * The context of one call: the process's shared dependencies and this request. Nothing is
 * defaulted. The address is kept as limits count it (an IPv6 client by its /64: addressKey), so
 * every door's limits and caps key a client the same way.
 */
export function createContext(deps: ApiDeps, request: RequestInfo): Context {
  return { deps, ...request, clientAddress: addressKey(request.clientAddress) };
}

/**
 * The signed-in viewer of this call's session (null when signed out or the session has ended),
 * read from the sessions table, once per request where the context keeps what it read.
 */
export function sessionViewer(ctx: Context): Promise<Viewer | null> {
  const sessionId = ctx.session.sessionId;
  if (!sessionId) return Promise.resolve(null);
  const kept = ctx.viewersThisRequest;
  if (!kept) return findSessionUser(ctx.deps.db, sessionId);
  let viewer = kept.get(sessionId);
  if (!viewer) kept.set(sessionId, (viewer = findSessionUser(ctx.deps.db, sessionId)));
  return viewer;
}
