import type { Db } from '@app/db';
import { createOutboxBus, type EventBus } from './events';
import { createLoginLimiters, type LoginLimiters } from './rate-limit';

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

export interface CreateContextOptions {
  db: Db;
  events?: EventBus;
  limiters?: LoginLimiters;
  session?: SessionStore;
  /** The caller's network address, for rate limits. */
  clientAddress?: string;
  /** Which door the call came through: only subscriptions may use the WebSocket. */
  transport?: 'http' | 'ws' | 'internal';
}

const busByDb = new WeakMap<Db, EventBus>();
const limitersByDb = new WeakMap<Db, LoginLimiters>();

function once<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (!value) map.set(key, (value = make()));
  return value;
}

/** The context without any transport: what routers see, and what tests build directly. */
export function createContextInner(opts: CreateContextOptions) {
  return {
    db: opts.db,
    events: opts.events ?? once(busByDb, opts.db, () => createOutboxBus(opts.db)),
    limiters: opts.limiters ?? once(limitersByDb, opts.db, createLoginLimiters),
    session: opts.session ?? createMemorySessionStore(),
    clientAddress: opts.clientAddress ?? 'local',
    transport: opts.transport ?? 'internal',
  };
}

export type Context = ReturnType<typeof createContextInner>;
