import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseKind } from '@app/db';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from './support/child-server';
import { databaseEnv, useSharedDatabase } from './support/test-database';

// A server that cannot start says why in one sentence on stderr (no stack) and
// exits 1: a DATABASE_PATH it cannot write, a port in use, a SESSION_SECRET that is too short.

const dir = mkdtempSync(join(tmpdir(), 'qa-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The database of a start that fails for another reason (on PostgreSQL, a throwaway database). */
const good = useSharedDatabase(join(dir, 'good', 'app.db'));

/** Starts the server with these settings and waits for it to give up. */
async function failedStart(env: Record<string, string>) {
  const server = spawnServer({
    PORT: String(await freePort()),
    ...databaseEnv(good),
    SESSION_SECRET: 's'.repeat(40),
    WEB_DIST: join(dir, 'no-web-build'),
    LOG_LEVEL: 'info',
    ...env,
  });
  const { code } = await server.exited;
  return { code, stderr: server.stderr(), stdout: server.stdout() };
}

/** One line, no stack trace, no error class or internals. */
function expectOneSentence(stderr: string) {
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at |Error:|node:internal|\.ts:\d+/);
  expect(stderr.trim()).toMatch(/^[A-Z].*\.$/);
}

describe('start-up errors', () => {
  // DATABASE_PATH is the SQLite file: a process serving PostgreSQL (DATABASE_URL) never opens it.
  describe.runIf(databaseKind === 'sqlite')('the SQLite file', () => {
    it('a DATABASE_PATH whose folder cannot be written: one sentence naming the folder, exit 1', async () => {
      // A file where the folder should be: not writable, even for root.
      const file = join(dir, 'not-a-folder');
      writeFileSync(file, 'x');
      const { code, stderr, stdout } = await failedStart({
        DATABASE_PATH: join(file, 'data', 'app.db'),
      });
      expect(code).toBe(1);
      expectOneSentence(stderr);
      expect(stderr).toContain(
        `The database folder ${join(file, 'data')} cannot be created or written`,
      );
      expect(stderr).toContain('set DATABASE_PATH to a file in a writable folder');
      expect(stdout).toBe('');
    });

    it('a DATABASE_PATH that is not a database: one sentence, exit 1', async () => {
      const file = join(dir, 'notes.txt');
      writeFileSync(file, 'these are not the pages you are looking for\n'.repeat(200));
      const { code, stderr } = await failedStart({ DATABASE_PATH: file });
      expect(code).toBe(1);
      expectOneSentence(stderr);
      expect(stderr).toContain(`The file ${file} is not a SQLite database`);
    });
  });

  it('a port in use: one sentence naming the port, exit 1', async () => {
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const { code, stderr } = await failedStart({ PORT: String(port) });
      expect(code).toBe(1);
      expectOneSentence(stderr);
      expect(stderr).toBe(
        `Port ${port} on 127.0.0.1 is already in use; stop the program using it or set PORT to another port.\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('a SESSION_SECRET that is too short: one sentence, exit 1', async () => {
    const { code, stderr } = await failedStart({ SESSION_SECRET: 'too-short' });
    expect(code).toBe(1);
    expectOneSentence(stderr);
    expect(stderr).toBe('SESSION_SECRET must be at least 32 characters long.\n');
  });

  it('a LOG_LEVEL or SHUTDOWN_TIMEOUT it cannot read: one sentence, exit 1', async () => {
    const level = await failedStart({ LOG_LEVEL: 'loud' });
    expect(level.code).toBe(1);
    expectOneSentence(level.stderr);
    expect(level.stderr).toContain('LOG_LEVEL must be one of');
    const timeout = await failedStart({ SHUTDOWN_TIMEOUT: 'soon' });
    expect(timeout.code).toBe(1);
    expectOneSentence(timeout.stderr);
    expect(timeout.stderr).toMatch(/^SHUTDOWN_TIMEOUT: /);
  });
});
