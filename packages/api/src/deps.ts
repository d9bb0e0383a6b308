import type { Db } from '@app/db';
import type { Sandbox } from '@app/sandbox';
import type { EventBus } from './events/bus';
import { createOutboxBus } from './events/outbox-bus';
import { DEFAULT_CONNECTION_CAPS, type ConnectionCaps } from './limits';
import { createRateLimiters, type RateLimiters, type RateLimits } from './rate-limit';
import { createGameDocCache, type GameDocCache } from './services/games/game-docs';
import {
  createGamePasswordPasses,
  type GamePasswordPasses,
} from './services/games/game-membership';
import {
  createQuestionListCache,
  type QuestionListCache,
} from './services/questions/question-list-cache';

/**
 * What every request shares, whichever door it came through (tRPC over HTTP or WebSocket, the REST
 * adapters, the socket.io bridge, tests): built once at start-up and handed to every context. A
 * second set would read its own stale cache and publish where no subscriber listens.
 */
export interface ApiDeps {
  db: Db;
  events: EventBus;
  /** Runs user code (QuickJS workers): one pool per process, closed by whoever built it. */
  sandbox: Sandbox;
  limiters: RateLimiters;
  /** Live connection caps (limits.ts): the server enforces the socket ones, trpc.ts the subscriptions. */
  caps: ConnectionCaps;
  caches: { questionList: QuestionListCache };
  /**
   * CollabCode documents (Yjs), a cache rebuilt from the database's update log; right room
   * passwords remembered for a few minutes (the original client joins after /games/verify).
   */
  games: { docs: GameDocCache; passwordPasses: GamePasswordPasses };
}

/**
 * Builds the shared dependencies over a database. Call it once per process (and once per test world).
 * The sandbox is the caller's (it owns worker threads to close); `limits` replaces some of the
 * default rate limits and `caps` some connection caps (settings, tests and benchmarks raise them).
 */
export async function createApiDeps(
  db: Db,
  opts: {
    sandbox: Sandbox;
    events?: EventBus;
    limits?: Partial<RateLimits>;
    caps?: Partial<ConnectionCaps>;
  },
): Promise<ApiDeps> {
  const events = opts.events ?? createOutboxBus(db);
  return {
    db,
    events,
    sandbox: opts.sandbox,
    limiters: createRateLimiters(opts.limits),
    caps: { ...DEFAULT_CONNECTION_CAPS, ...opts.caps },
    caches: { questionList: await createQuestionListCache(events) },
    games: { docs: createGameDocCache(), passwordPasses: createGamePasswordPasses() },
  };
}
