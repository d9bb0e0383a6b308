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
  };
}
