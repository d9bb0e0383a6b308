import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './app';
import type { ServerConfig } from './config';

/**
 * For server tests: the real server on 127.0.0.1 (a free port), a temporary database without demo
 * content and a stand-in web build, started before the file's tests and stopped after them. The
 * answer reads through to the running server once it has started.
 */
export function useTestServer(overrides: Partial<ServerConfig> = {}): RunningServer {
  let started: RunningServer | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qa-server-'));
    const webDist = join(dir, 'web');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
    started = await startServer({
      port: 0,
      host: '127.0.0.1',
      databasePath: join(dir, 'app.db'),
      sessionSecret: 'x'.repeat(40),
      webDist,
      seedDemo: false,
      trustedOrigins: [],
      ...overrides,
    });
  });
  afterAll(async () => {
    await started?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const server = (): RunningServer => {
    if (!started) throw new Error('The test server has not started yet.');
    return started;
  };
  return {
    get server() {
      return server().server;
    },
    get db() {
      return server().db;
    },
    get deps() {
      return server().deps;
    },
    get url() {
      return server().url;
    },
    close: () => server().close(),
  };
}
