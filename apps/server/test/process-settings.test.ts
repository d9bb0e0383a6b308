import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, redisPrefixFrom, redisUrlFrom, workersFrom } from '../src/ops/config';
import { startupErrorSentence } from '../src/ops/startup-errors';
import { REPO_ROOT } from './support/repo-root';

// The settings of several processes: WORKERS (how many share the port), REDIS_URL (the Redis that
// carries what they share; none by default) and REDIS_PREFIX. A value the server cannot read stops
// the start with one sentence naming the setting, like every other setting.

const secret = { SESSION_SECRET: 's'.repeat(40) };

/** What the operator reads on stderr when loadConfig refuses these settings. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ ...secret, ...env }, REPO_ROOT);
  } catch (error) {
    return startupErrorSentence(error);
  }
  throw new Error('the settings were accepted');
}

describe('WORKERS', () => {
  it('is 1 by default: one process, no cluster', () => {
    expect(loadConfig(secret, REPO_ROOT).workers).toBe(1);
    expect(workersFrom('')).toBe(1);
  });

  it('is a whole number from 1 to 64', () => {
    expect(workersFrom('1')).toBe(1);
    expect(workersFrom('4')).toBe(4);
    expect(workersFrom(' 64 ')).toBe(64);
  });

  it('"auto" is one process per core this process may use', () => {
    expect(workersFrom('auto')).toBe(Math.min(64, availableParallelism()));
    expect(workersFrom('AUTO', 2)).toBe(2);
    expect(workersFrom('auto', 200)).toBe(64);
  });

  it('refuses anything else with one sentence', () => {
    for (const value of ['0', '65', '-1', '2.5', 'two', '1e1'])
      expect(refusal({ WORKERS: value })).toBe(
        `WORKERS must be a whole number from 1 to 64 or "auto" (one per core), not "${value}".`,
      );
  });
});

describe('REDIS_URL', () => {
  it('is unset by default: the database alone carries what processes share', () => {
    expect(loadConfig(secret, REPO_ROOT).redisUrl).toBeUndefined();
    expect(redisUrlFrom('')).toBeUndefined();
  });

  it('takes redis:// and rediss:// (TLS) addresses, with a password and a database number', () => {
    expect(redisUrlFrom('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redisUrlFrom('rediss://:s3cret@cache.example:6380/2')).toBe(
      'rediss://:s3cret@cache.example:6380/2',
    );
    expect(loadConfig({ ...secret, REDIS_URL: 'redis://localhost' }, REPO_ROOT).redisUrl).toBe(
      'redis://localhost',
    );
  });

  it('refuses another scheme or a bare host with one sentence that does not repeat the value', () => {
    for (const value of ['http://cache:6379', 'localhost:6379', 'redis://', 'redis://:pw@'])
      expect(refusal({ REDIS_URL: value })).toBe(
        'REDIS_URL must be a redis:// or rediss:// address such as redis://127.0.0.1:6379.',
      );
  });
});

describe('DATABASE_URL and DATABASE_POOL_SIZE', () => {
  it('are unset by default: the site keeps its SQLite file', () => {
    expect(loadConfig(secret, REPO_ROOT)).toMatchObject({
      databaseUrl: undefined,
      databasePoolSize: 10,
    });
  });

  it('take a postgres:// address, as written, and a pool of 1 to 100 connections', () => {
    const url = 'postgres://app:s3cret@db.internal:5432/site';
    expect(
      loadConfig({ ...secret, DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }, REPO_ROOT),
    ).toMatchObject({ databaseUrl: url, databasePoolSize: 25 });
  });

  it('refuse another scheme with one sentence that does not repeat the value', () => {
    for (const value of ['mysql://db:3306/site', 'db.internal:5432', 'postgres://'])
      expect(refusal({ DATABASE_URL: value })).toBe(
        'DATABASE_URL must be a postgres:// address such as postgres://app@127.0.0.1:5432/app (unset, the site keeps its SQLite file).',
      );
  });

  it('refuse a pool outside 1 to 100', () => {
    for (const value of ['0', '101', 'ten', '2.5'])
      expect(refusal({ DATABASE_POOL_SIZE: value })).toBe(
        `DATABASE_POOL_SIZE must be a whole number from 1 to 100, not "${value}".`,
      );
  });

  it('need SESSION_SECRET beside them: servers on several hosts must share it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.internal/site' }, REPO_ROOT)).toThrow(
      'With DATABASE_URL, SESSION_SECRET must be set too (at least 32 characters, the same on every server).',
    );
  });
});

describe('REDIS_PREFIX', () => {
  it('is "qa:" by default', () => {
    expect(loadConfig(secret, REPO_ROOT).redisPrefix).toBe('qa:');
    expect(redisPrefixFrom('')).toBe('qa:');
  });

  it('lets several sites share one Redis', () => {
    expect(redisPrefixFrom('site-b:')).toBe('site-b:');
  });

  it('refuses spaces and names past 64 characters with one sentence', () => {
    expect(refusal({ REDIS_PREFIX: 'my site:' })).toBe(
      'REDIS_PREFIX must be 1 to 64 characters without spaces, such as "qa:", not "my site:".',
    );
    expect(refusal({ REDIS_PREFIX: 'p'.repeat(65) })).toMatch(/^REDIS_PREFIX must be 1 to 64/);
  });
});

it('the three are in the README’s settings table', () => {
  const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
  for (const name of ['WORKERS', 'REDIS_URL', 'REDIS_PREFIX'])
    expect(readme, name).toContain(`| \`${name}\``);
});
