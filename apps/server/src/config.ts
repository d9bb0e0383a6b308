import { parseRateLimit, type RateLimit } from '@app/api';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
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
  /** Messages a user may send (global and chat together) per window; the API's default when unset. */
  messageRateLimit?: RateLimit;
  /** Test runs a user may start (Test Solution, Run Tests, create, submit) per window; the API's default when unset. */
  testRunRateLimit?: RateLimit;
}

/**
 * The session secret comes from SESSION_SECRET; when unset, one is made on first start and kept
 * beside the database so a restart keeps everyone signed in.
 */
function sessionSecret(dataDir: string): string {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long.');
    return fromEnv;
  }
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

export function loadConfig(env = process.env): ServerConfig {
  const databasePath = resolve(repoRoot, env.DATABASE_PATH ?? 'data/app.db');
  return {
    port: Number(env.PORT ?? 8000),
    host: env.HOST ?? '127.0.0.1',
    databasePath,
    sessionSecret: sessionSecret(dirname(databasePath)),
    webDist: resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
    // Demo accounts share a published password: never by default in production.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== '0' : env.NODE_ENV !== 'production',
    trustedOrigins: trustedOrigins(env.TRUSTED_ORIGINS),
    clientOrigins: clientOrigins(env.CLIENT_ORIGINS),
    // "count/window", such as "10/10s" (the default) or "600/1m".
    messageRateLimit: env.MESSAGE_RATE_LIMIT ? parseRateLimit(env.MESSAGE_RATE_LIMIT) : undefined,
    // "count/window" as well: "20/10s" by default.
    testRunRateLimit: env.TEST_RUN_RATE_LIMIT ? parseRateLimit(env.TEST_RUN_RATE_LIMIT) : undefined,
  };
}
