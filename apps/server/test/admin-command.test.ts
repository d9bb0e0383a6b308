import {
  closeDatabase,
  databaseKind,
  events,
  moderatorActions,
  openDatabase,
  users,
} from '@app/db';
import { eq } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMANDS } from '../src/ops/admin';
import { REPO_ROOT } from './support/repo-root';
import { databaseEnv, useSharedDatabase } from './support/test-database';

// `npm run admin -- grant alice`: the root script runs apps/server/src/admin.ts with tsx; these run
// that same command line against a database of their own.

const dir = mkdtempSync(join(tmpdir(), 'qa-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const database = useSharedDatabase(join(dir, 'app.db'));

const open = () => openDatabase({ path: database.path, url: database.url, poolSize: 1 });

beforeAll(async () => {
  // The database a server made: migrated, with two users.
  const db = await open();
  await db.insert(users).values([
    { username: 'alice', dateJoined: new Date() },
    { username: 'bob', dateJoined: new Date() },
  ]);
  await closeDatabase(db);
});

function admin(args: string[], env: Record<string, string> = databaseEnv(database)) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/admin.ts', ...args], {
    cwd: REPO_ROOT,
    // Without the test run's DATABASE_URL unless the database is PostgreSQL's.
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

async function roles() {
  const db = await open();
  try {
    return Object.fromEntries(
      (await db.select({ username: users.username, role: users.role }).from(users)).map((u) => [
        u.username,
        u.role,
      ]),
    );
  } finally {
    await closeDatabase(db);
  }
}

describe('npm run admin', () => {
  it('is the root package.json script, with a table of commands', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.admin).toBe('node --import tsx apps/server/src/admin.ts');
    expect(Object.keys(ADMIN_COMMANDS)).toEqual([
      'grant',
      'revoke',
      'recompute-reputation',
      'list',
    ]);
  });

  it('grant and revoke change the role, say so in one sentence and write the audit log', async () => {
    const granted = await admin(['grant', 'ALICE']);
    expect(granted).toMatchObject({ code: 0, stdout: 'alice is now a moderator.\n', stderr: '' });
    expect(await roles()).toEqual({ alice: 'moderator', bob: 'user' });
    expect(await admin(['grant', 'alice'])).toMatchObject({
      code: 0,
      stdout: 'alice is already a moderator.\n',
    });
    expect(await admin(['list'])).toMatchObject({ code: 0, stdout: 'Moderators: alice.\n' });
    expect(await admin(['revoke', 'alice'])).toMatchObject({
      code: 0,
      stdout: 'alice is no longer a moderator.\n',
    });
    expect(await roles()).toEqual({ alice: 'user', bob: 'user' });
    expect(await admin(['list'])).toMatchObject({ code: 0, stdout: 'There are no moderators.\n' });
    const db = await open();
    const rows = await db.select().from(moderatorActions).orderBy(moderatorActions.id);
    // Through the outbox, so the running servers tell alice's open pages (the Review link).
    const told = await db
      .select({ key: events.key, payload: events.payload })
      .from(events)
      .where(eq(events.topic, 'account'))
      .orderBy(events.id);
    await closeDatabase(db);
    expect(rows.map((row) => [row.action, row.details])).toEqual([
      ['grant', 'from the command line'],
      ['revoke', 'from the command line'],
    ]);
    expect(told.map(({ key, payload }) => [key, (payload as { json: unknown }).json])).toEqual([
      ['alice', { type: 'role', username: 'alice', role: 'moderator' }],
      ['alice', { type: 'role', username: 'alice', role: 'user' }],
    ]);
  });

  it('an unknown user, an unknown command or a missing name: a sentence and a non-zero exit', async () => {
    expect(await admin(['grant', 'nobody'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'There is no user named "nobody".\n',
    });
    const unknown = await admin(['promote', 'alice']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^Unknown command "promote"\.\nUsage: npm run admin -- <command>/,
    );
    expect(await admin(['grant'])).toMatchObject({
      code: 2,
      stderr: 'Usage: npm run admin -- grant <username>\n',
    });
    expect(await roles()).toEqual({ alice: 'user', bob: 'user' });
  });

  it.runIf(databaseKind === 'sqlite')(
    'refuses a DATABASE_PATH where there is no database, and makes none',
    async () => {
      const missing = join(dir, 'typo', 'app.db');
      const result = await admin(['list'], { DATABASE_PATH: missing });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `There is no database at ${missing}: set DATABASE_PATH (or DATABASE_URL), or start the server once.\n`,
      );
    },
  );
});

describe('npm run admin -- recompute-reputation', () => {
  it('sets a reputation that is not what the votes make it back, and says whose', async () => {
    const db = await open();
    await db.update(users).set({ reputation: 42 }).where(eq(users.username, 'bob'));
    await closeDatabase(db);
    const first = await admin(['recompute-reputation']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('bob: 42 → 1');
    const again = await admin(['recompute-reputation']);
    expect(again.stdout.trim()).toMatch(/^Every reputation \(\d+\) matches the votes\.$/);
  });
});
