import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import superjson from 'superjson';
import { databaseKind } from '@app/db';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../src/app';
import { REPO_ROOT } from './support/repo-root';
import { loadConfig } from '../src/ops/config';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The settings of a server in a fresh folder, with no SESSION_SECRET. */
function settings() {
  const dir = mkdtempSync(join(tmpdir(), 'qa-secret-'));
  dirs.push(dir);
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'data', 'app.db'),
    WEB_DIST: join(dir, 'no-web-build'),
    SEED_DEMO: '0',
  };
}

describe('the session secret', () => {
  // SQLite's only: a server on PostgreSQL (DATABASE_URL) refuses to start without SESSION_SECRET.
  it.runIf(databaseKind === 'sqlite')(
    'when unset, one is made on first start, kept beside the database, and reused after a restart: a session stays signed in',
    async () => {
      const env = settings();
      const first = await startServer(loadConfig(env, REPO_ROOT));
      const res = await fetch(`${first.url}/trpc/auth.signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(superjson.serialize({ username: 'stayer', password: 'password123' })),
      });
      expect(res.status).toBe(200);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      await first.close();

      const file = join(env.DATABASE_PATH, '..', 'session-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const config = loadConfig(env, REPO_ROOT);
      expect(config.sessionSecret).toBe(readFileSync(file, 'utf8').trim());
      expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);

      const second = await startServer(config);
      try {
        const me = await fetch(`${second.url}/trpc/auth.me`, { headers: { cookie } });
        const body = (await me.json()) as { result: { data: unknown } };
        expect(superjson.deserialize(body.result.data as never)).toMatchObject({
          username: 'stayer',
        });
      } finally {
        await second.close();
      }
    },
  );

  it('SESSION_SECRET in the settings given is used, and no secret file is made', () => {
    const env = { ...settings(), SESSION_SECRET: 'g'.repeat(40) };
    expect(loadConfig(env, REPO_ROOT).sessionSecret).toBe('g'.repeat(40));
    expect(existsSync(join(env.DATABASE_PATH, '..', 'session-secret'))).toBe(false);
  });
});
