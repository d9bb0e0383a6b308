import type { Db } from '@app/db';
import type { Sandbox } from '@app/sandbox';
import type { EventBus } from './event-bus';
import type { ConnectionCaps } from './limits';
import type { RateLimiters } from './rate-limit';
import type { Shared } from './shared';

/**
 * What every request shares, whichever door it came through (tRPC over HTTP or WebSocket, the REST
 * adapters, the socket.io bridge, tests): built once at start-up (create-deps.ts) and handed to
 * every context. A second set would read its own stale cache and publish where no subscriber listens.
 *
 * What a domain keeps per process (a cache, remembered passes) is added to this interface by that
 * domain, where its type is defined (declaration merging, as for the event topics), so core names
 * no domain and no concrete cache.
 */
export interface ApiDeps {
  db: Db;
  /** This process's name and the store the processes share (Redis, or the database alone). */
  shared: Shared;
  events: EventBus;
  /** Runs user code (QuickJS workers): one pool per process, closed by whoever built it. */
  sandbox: Sandbox;
  limiters: RateLimiters;
  /** Live connection caps (limits.ts): the server enforces the socket ones, trpc.ts the subscriptions. */
  caps: ConnectionCaps;
  /** scrypt's cost (log2 of N) for new password hashes; each stored hash keeps the cost it was made with. */
  scryptLogN: number;
}
