import { databaseKind, type Db } from '@app/db';
import { DEFAULT_CLOSE_VOTE_REPUTATION, DEFAULT_CLOSE_VOTES_NEEDED } from '@app/validators';
import type { Sandbox } from '@app/sandbox';
import type { ApiDeps } from './core/deps';
import type { EventBus } from './core/event-bus';
import { createShared, type Shared } from './core/shared';
import { DEFAULT_CONNECTION_CAPS, type ConnectionCaps } from './core/limits';
import { createRateLimiters, type RateLimits } from './core/rate-limit';
import { createGameDeps } from './domains/games/game-deps';
import type { ClosingRules } from './domains/questions/close-question';
import { DEFAULT_HIDE_AFTER_FLAGS } from './domains/moderation/moderation-deps';
import { DEFAULT_SCRYPT_LOG_N } from './domains/users/passwords';
import { createOutboxBus } from './events/outbox-bus';
import { createReadCache } from './read-cache';

/**
 * Builds the shared dependencies over a database. Call it once per process (and once per test world).
 * The sandbox is the caller's (it owns worker threads to close); `limits` replaces some of the
 * default rate limits and `caps` some connection caps (settings, tests and benchmarks raise them);
 * `scryptLogN` is the password hashing cost (the server's settings; tests lower it).
 */
export async function createApiDeps(
  db: Db,
  opts: {
    sandbox: Sandbox;
    /** This process's name and Redis, if any (the server's settings); the database alone by default. */
    shared?: Partial<Shared>;
    events?: EventBus;
    limits?: Partial<RateLimits>;
    caps?: Partial<ConnectionCaps>;
    scryptLogN?: number;
    /** The community's closing rules (settings; the defaults otherwise). */
    closing?: Partial<ClosingRules>;
    /** Spam or rude flags from different users that hide an item (HIDE_AFTER_FLAGS; 3). */
    hideAfterFlags?: number;
  },
): Promise<ApiDeps> {
  const shared = createShared(opts.shared);
  const events = opts.events ?? (await createEventBus(db, shared));
  return {
    db,
    shared,
    events,
    sandbox: opts.sandbox,
    limiters: createRateLimiters({ db, shared }, opts.limits),
    caps: { ...DEFAULT_CONNECTION_CAPS, ...opts.caps },
    scryptLogN: opts.scryptLogN ?? DEFAULT_SCRYPT_LOG_N,
    readCache: await createReadCache(events),
    games: createGameDeps({ db, shared }),
    closing: {
      votesNeeded: DEFAULT_CLOSE_VOTES_NEEDED,
      reputationNeeded: DEFAULT_CLOSE_VOTE_REPUTATION,
      ...opts.closing,
    },
    moderation: { hideAfterFlags: opts.hideAfterFlags ?? DEFAULT_HIDE_AFTER_FLAGS },
  };
}

/** The bus of this process's database: SQLite's outbox, or PostgreSQL's (loaded only then). */
export async function createEventBus(db: Db, shared: Shared = createShared()): Promise<EventBus> {
  if (databaseKind === 'sqlite') return createOutboxBus(db, shared);
  const { createPgOutboxBus } = await import('./events/pg-outbox-bus');
  return createPgOutboxBus(db, shared);
}
