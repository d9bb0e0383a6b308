import {
  CONNECTION_CAP_KINDS,
  parseDuration,
  parseRateLimit,
  RATE_LIMIT_KINDS,
  type ConnectionCaps,
  type RateLimit,
  type RateLimits,
  DEFAULT_SCRYPT_LOG_N,
} from '@app/api';
import type { DbRuntime } from '@app/db';
import type { SandboxWorkerSource } from '@app/sandbox';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** The SQLite file (DATABASE_PATH), when the process serves SQLite. */
  databasePath: string;
  /**
   * DATABASE_URL: PostgreSQL's postgres:// address; set, the process serves PostgreSQL instead of
   * the SQLite file (chosen when it starts: @app/db's tables.ts reads the same variable).
   */
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE: PostgreSQL connections this process keeps open at most (10). */
  databasePoolSize?: number;
  sessionSecret: string;
  webDist: string;
  /** Seed demo content into a fresh database (off for benchmarks and tests that bring their own). */
  seedDemo: boolean;
  /** Other sites' pages that may make changes with the user's cookie (as `scheme://host[:port]`). */
  trustedOrigins: readonly string[];
  /**
   * Other sites' pages that use the REST API (SPEC §7) with the user's cookie: CORS with credentials,
   * and changes allowed. Our own origin is always allowed as well.
   */
  clientOrigins?: readonly string[];
  /** Rate limits that differ from the API's table (packages/api/src/core/limits.ts): RATE_LIMIT_<KIND>. */
  rateLimits?: Partial<RateLimits>;
  /** Shorthand for rateLimits.messages (tests); rateLimits wins. */
  messageRateLimit?: RateLimit;
  /** Shorthand for rateLimits.testRuns (tests); rateLimits wins. */
  testRunRateLimit?: RateLimit;
  /** Live connection caps that differ from the API's table: CAP_<KIND>. */
  caps?: Partial<ConnectionCaps>;
  /**
   * Addresses of the reverse proxies in front of us (TRUST_PROXY): only a request from one of them
   * may say who the client is (X-Forwarded-For) and that it came over https (X-Forwarded-Proto).
   * Empty (the default): nobody may.
   */
  trustProxy?: readonly string[];
  /** How long a client may take to send a request's headers, and all of it; idle keep-alive. */
  timeouts?: Partial<HttpTimeouts>;
  /** What a single executable unpacked or loaded itself (src/binary.ts); a checkout has none. */
  runtime?: ServerRuntime;
  /** scrypt's cost for new password hashes, as log2 of N (SCRYPT_LOG_N; tests lower it). */
  scryptLogN?: number;
  /**
   * REDIS_URL: the Redis that carries what several processes share (the doorbell of new events,
   * ephemeral messages, limits). Unset: the database alone does it.
   */
  redisUrl?: string;
  /** REDIS_PREFIX: the start of every key and channel of this site in that Redis (`qa:`). */
  redisPrefix?: string;
  /** WORKERS: how many server processes share the port (node:cluster); 1 runs no cluster. */
  workers?: number;
  /** HIDE_AFTER_FLAGS: spam or rude flags from different users that hide an item (3). */
  hideAfterFlags?: number;
  /** CLOSE_VOTES_NEEDED: users' votes that close or reopen a question (3). */
  closeVotesNeeded?: number;
  /** CLOSE_VOTE_REPUTATION: the reputation a user needs to vote to close or reopen (500). */
  closeVoteReputation?: number;
}

/** The database's addon and migrations, and the sandbox's worker, from a single executable. */
export interface ServerRuntime {
  db?: DbRuntime;
  sandboxWorker?: SandboxWorkerSource;
}

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/**
 * A real site's numbers: a browser sends its headers in well under a second and a 256 KB body in a
 * few on a slow line; a client holding a request open longer is holding a socket hostage (slow
 * loris). Keep-alive is short: browsers reopen cheaply, idle sockets cost memory.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
};

/** Node's http.createServer options for the timeouts (the check runs at least every second). */
export function httpServerOptions(timeouts: Partial<HttpTimeouts> = {}) {
  const { headersMs, requestMs, keepAliveMs } = { ...DEFAULT_HTTP_TIMEOUTS, ...timeouts };
  return {
    // Node refuses a headers timeout longer than the whole request's.
    headersTimeout: Math.min(headersMs, requestMs),
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersMs / 2))),
  };
}

/** The rate limits to build the API's limiters with: the settings over the API's defaults. */
export function rateLimitsOf(config: ServerConfig): Partial<RateLimits> {
  return {
    ...(config.messageRateLimit ? { messages: config.messageRateLimit } : {}),
    ...(config.testRunRateLimit ? { testRuns: config.testRunRateLimit } : {}),
    ...config.rateLimits,
  };
}

/** `loginByUsername` → `LOGIN_BY_USERNAME`: how a limit's or cap's name appears in its setting. */
export const settingName = (prefix: 'RATE_LIMIT' | 'CAP', kind: string): string =>
  `${prefix}_${kind.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** The older names of two limits, still read when the new name is unset. */
const RATE_LIMIT_ALIASES: Partial<Record<(typeof RATE_LIMIT_KINDS)[number], string>> = {
  messages: 'MESSAGE_RATE_LIMIT',
  testRuns: 'TEST_RUN_RATE_LIMIT',
};

/** RATE_LIMIT_<KIND> ("count/window", such as "10/10s" or "600/1m") for every limit in the table. */
export function rateLimitsFrom(env: NodeJS.ProcessEnv): Partial<RateLimits> {
  const limits: Partial<RateLimits> = {};
  for (const kind of RATE_LIMIT_KINDS) {
    const name = settingName('RATE_LIMIT', kind);
    const alias = RATE_LIMIT_ALIASES[kind];
    const text = env[name] ?? (alias ? env[alias] : undefined);
    if (text === undefined || text === '') continue;
    try {
      limits[kind] = parseRateLimit(text);
    } catch (error) {
      throw new Error(`${env[name] !== undefined ? name : alias}: ${(error as Error).message}`);
    }
  }
  return limits;
}

/** CAP_<KIND>: a whole number of at least 1 for every cap in the table. */
export function capsFrom(env: NodeJS.ProcessEnv): Partial<ConnectionCaps> {
  const caps: Partial<ConnectionCaps> = {};
  for (const kind of CONNECTION_CAP_KINDS) {
    const name = settingName('CAP', kind);
    const text = env[name];
    if (text === undefined || text === '') continue;
    if (!/^\s*\d{1,9}\s*$/.test(text) || Number(text) < 1)
      throw new Error(`${name} must be a whole number of at least 1, not "${text}".`);
    caps[kind] = Number(text);
  }
  return caps;
}

/** TIMEOUT_HEADERS, TIMEOUT_REQUEST, TIMEOUT_KEEP_ALIVE: durations such as "20s" or "500ms". */
export function timeoutsFrom(env: NodeJS.ProcessEnv): Partial<HttpTimeouts> {
  const names = {
    headersMs: 'TIMEOUT_HEADERS',
    requestMs: 'TIMEOUT_REQUEST',
    keepAliveMs: 'TIMEOUT_KEEP_ALIVE',
  } as const;
  const timeouts: Partial<HttpTimeouts> = {};
  for (const [key, name] of Object.entries(names) as [keyof HttpTimeouts, string][]) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    let ms: number;
    try {
      ms = parseDuration(text);
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
    if (ms < 1) throw new Error(`${name} must be longer than 0, not "${text}".`);
    timeouts[key] = ms;
  }
  return timeouts;
}

/**
 * TRUST_PROXY: comma-separated addresses of our reverse proxies (`127.0.0.1`, `::1`, `10.0.0.5`), or
 * `loopback` for any address on this machine. Unset or empty: no proxy is trusted.
 */
export function trustProxyFrom(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (entry !== 'loopback' && !isIP(entry))
        throw new Error(
          `TRUST_PROXY must list the proxies' IP addresses (or "loopback"), not "${entry}".`,
        );
      return entry;
    });
}

/**
 * The session secret comes from SESSION_SECRET; when unset, one is made on first start and kept
 * beside the database so a restart keeps everyone signed in.
 */
function sessionSecret(dataDir: string, env: NodeJS.ProcessEnv): string {
  // The settings loadConfig was given, like every other setting: a caller's SESSION_SECRET must not
  // be ignored for a file made (or read) in the data folder.
  const fromEnv = env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long.');
    return fromEnv;
  }
  // Servers on PostgreSQL may run on several hosts, each with its own data folder: a secret made
  // in one would sign out every user who reaches another.
  if (databaseUrlFrom(env.DATABASE_URL))
    throw new Error(
      'With DATABASE_URL, SESSION_SECRET must be set too (at least 32 characters, the same on every server).',
    );
  const file = resolve(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The original client's development server: allowed by default (CLIENT_ORIGINS). */
export const DEFAULT_CLIENT_ORIGINS: readonly string[] = ['http://localhost:3000'];

/** CLIENT_ORIGINS: like TRUSTED_ORIGINS; unset means DEFAULT_CLIENT_ORIGINS, empty means none. */
export function clientOrigins(list: string | undefined): string[] {
  return list === undefined ? [...DEFAULT_CLIENT_ORIGINS] : originList('CLIENT_ORIGINS', list);
}

/** TRUSTED_ORIGINS: comma-separated full origins such as `https://legacy.example.com:8443`. */
function trustedOrigins(list: string | undefined): string[] {
  return originList('TRUSTED_ORIGINS', list);
}

function originList(name: string, list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
      if (!url || !bare || !/^https?:$/.test(url.protocol) || url.username || url.password)
        throw new Error(
          `${name} must list full origins such as https://example.com:8443, not "${entry}".`,
        );
      return url.origin;
    });
}

/**
 * A service's address from a setting, when its scheme is one of `schemes` and it names a host; else
 * the sentence. The value is never repeated in the sentence: it may hold a password.
 */
function serviceUrl(text: string | undefined, schemes: RegExp, sentence: string): URL | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text.trim());
  } catch {
    url = undefined;
  }
  if (!url || !schemes.test(url.protocol) || !url.hostname) throw new Error(sentence);
  return url;
}

/** DATABASE_URL: a postgres:// or postgresql:// address, kept as written (node-postgres reads it). */
export function databaseUrlFrom(text: string | undefined): string | undefined {
  const url = serviceUrl(
    text,
    /^postgres(ql)?:$/,
    'DATABASE_URL must be a postgres:// address such as postgres://app@127.0.0.1:5432/app (unset, the site keeps its SQLite file).',
  );
  return url && text?.trim();
}

/** DATABASE_POOL_SIZE: from 1 to 100 connections; node-postgres' 10 by default. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;
function databasePoolSizeFrom(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_DATABASE_POOL_SIZE;
  const size = Number(text);
  if (!/^\s*\d{1,3}\s*$/.test(text) || size < 1 || size > 100)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 100, not "${text}".`);
  return size;
}

/** REDIS_URL: a redis:// or rediss:// (TLS) address. */
export function redisUrlFrom(text: string | undefined): string | undefined {
  return serviceUrl(
    text,
    /^rediss?:$/,
    'REDIS_URL must be a redis:// or rediss:// address such as redis://127.0.0.1:6379.',
  )?.href;
}

export const DEFAULT_REDIS_PREFIX = 'qa:';

/** REDIS_PREFIX: `qa:` by default; several sites may share one Redis under prefixes of their own. */
export function redisPrefixFrom(text: string | undefined): string {
  if (text === undefined || text === '') return DEFAULT_REDIS_PREFIX;
  if (!/^[\x21-\x7e]{1,64}$/.test(text))
    throw new Error(
      `REDIS_PREFIX must be 1 to 64 characters without spaces, such as "qa:", not "${text}".`,
    );
  return text;
}

export const MAX_WORKERS = 64;

/** WORKERS: a whole number from 1 to 64, or `auto`: one process per core this process may use. */
export function workersFrom(
  text: string | undefined,
  cores: number = availableParallelism(),
): number {
  if (text === undefined || text.trim() === '') return 1;
  if (text.trim().toLowerCase() === 'auto') return Math.max(1, Math.min(MAX_WORKERS, cores));
  const count = Number(text);
  if (!/^\s*\d{1,2}\s*$/.test(text) || count < 1 || count > MAX_WORKERS)
    throw new Error(
      `WORKERS must be a whole number from 1 to ${MAX_WORKERS} or "auto" (one per core), not "${text}".`,
    );
  return count;
}

/**
 * Settings from the environment; relative paths are taken from `baseDir` (the checkout's root, which
 * the entry point knows: this file sits at another depth in the source than in the bundle).
 */
export function loadConfig(env: NodeJS.ProcessEnv, baseDir: string): ServerConfig {
  const databasePath = resolve(baseDir, env.DATABASE_PATH ?? 'data/app.db');
  return {
    port: Number(env.PORT ?? 8000),
    host: env.HOST ?? '127.0.0.1',
    databasePath,
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
    databasePoolSize: databasePoolSizeFrom(env.DATABASE_POOL_SIZE),
    sessionSecret: sessionSecret(dirname(databasePath), env),
    webDist: resolve(baseDir, env.WEB_DIST ?? 'apps/web/dist'),
    // Demo accounts share a published password: never by default in production.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== '0' : env.NODE_ENV !== 'production',
    trustedOrigins: trustedOrigins(env.TRUSTED_ORIGINS),
    clientOrigins: clientOrigins(env.CLIENT_ORIGINS),
    rateLimits: rateLimitsFrom(env),
    caps: capsFrom(env),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    timeouts: timeoutsFrom(env),
    scryptLogN: scryptLogNFrom(env.SCRYPT_LOG_N),
    redisUrl: redisUrlFrom(env.REDIS_URL),
    redisPrefix: redisPrefixFrom(env.REDIS_PREFIX),
    workers: workersFrom(env.WORKERS),
    hideAfterFlags: hideAfterFlagsFrom(env.HIDE_AFTER_FLAGS),
    closeVotesNeeded: wholeNumberSetting('CLOSE_VOTES_NEEDED', env.CLOSE_VOTES_NEEDED, 1, 100),
    closeVoteReputation: wholeNumberSetting(
      'CLOSE_VOTE_REPUTATION',
      env.CLOSE_VOTE_REPUTATION,
      1,
      1_000_000,
    ),
  };
}

/** A whole-number setting within its bounds; undefined when unset (the API's default then). */
export function wholeNumberSetting(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!/^\s*\d{1,7}\s*$/.test(text) || value < min || value > max)
    throw new Error(
      `${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, not "${text}".`,
    );
  return value;
}

/** HIDE_AFTER_FLAGS: a whole number from 1 to 1000; the API's default (3) when unset. */
export function hideAfterFlagsFrom(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const count = Number(text);
  if (!/^\s*\d{1,4}\s*$/.test(text) || count < 1 || count > 1000)
    throw new Error(`HIDE_AFTER_FLAGS must be a whole number from 1 to 1000, not "${text}".`);
  return count;
}

/** 15 by default; tests use 10 (fast, and no use against a stolen hash); past 20 a sign-in takes a GB. */
function scryptLogNFrom(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SCRYPT_LOG_N;
  const logN = Number(value);
  if (!Number.isInteger(logN) || logN < 10 || logN > 20)
    throw new Error(`SCRYPT_LOG_N must be a whole number from 10 to 20, not "${value}".`);
  return logN;
}
