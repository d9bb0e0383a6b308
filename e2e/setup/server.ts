import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_MISSING, findChromium } from '../support/chromium';
import { startLegacyClientServer } from '../support/legacy-client';
import { freePort, waitForHealth } from '../support/server-process';

const root = resolve(import.meta.dirname, '../..');

const ROOMY_WRITE_LIMITS = Object.fromEntries(
  [
    'SIGNUPS',
    'QUESTIONS',
    'ANSWERS',
    'COMMENTS',
    'EDITS',
    'VOTES',
    'VIEWS',
    'BIOGRAPHIES',
    'PASSWORD_RESETS',
    'NEW_TAGS',
    'CHATS',
    'CHAT_PARTICIPANTS',
    'CHAT_READS',
    'GAMES',
    'GAME_SEATS',
    'GAME_MOVES',
    'CODE_EDITS',
    'PRESENCE',
    'PROBLEMS',
  ].map((kind) => [`RATE_LIMIT_${kind}`, '100000/1m']),
);

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    /** The legacy client fixture page's origin (another port): one of the server's CLIENT_ORIGINS. */
    legacyClientOrigin: string;
    /** Where the server's log lines go: a failed test prints the last ones (support/diagnostics.ts). */
    serverLogPath: string;
    /** The server's SQLite file (its DATABASE_PATH): what `npm run admin` works on (support/admin.ts). */
    databasePath: string;
  }
}

/**
 * Starts the built server (the bundle `npm start` serves) on a free port with a fresh, empty
 * database, for every e2e test file.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error(CHROMIUM_MISSING);
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/server.mjs']) {
    if (!existsSync(join(root, built)))
      throw new Error(`${built} is not built: run \`pnpm build\` before the end-to-end tests.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'qa-e2e-'));
  // The original client's page on its own origin, allowed like its development server.
  const legacyClient = await startLegacyClientServer();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const databasePath = join(dataDir, 'app.db');
  const server = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // No demo content: every test makes the users, questions and tags it uses.
      SEED_DEMO: '0',
      CLIENT_ORIGINS: `http://localhost:3000,${legacyClient.origin}`,
      // Every test signs up its own users from 127.0.0.1 and some make lots of content fast: the
      // sign-up and per-user write limits are raised (README settings); the message, test-run and
      // login limits keep their defaults.
      ...ROOMY_WRITE_LIMITS,
      // One line per request, kept in a file: a failed test prints the last ones.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const serverLogPath = join(dataDir, 'server.log');
  server.stdout?.pipe(createWriteStream(serverLogPath));
  await waitForHealth(baseURL, server);
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromiumPath);
  project.provide('legacyClientOrigin', legacyClient.origin);
  project.provide('serverLogPath', serverLogPath);
  project.provide('databasePath', databasePath);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await legacyClient.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
