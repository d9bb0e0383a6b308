#!/usr/bin/env node
// `npm start` / `npm test` on a machine that may have only Node and npm: find pnpm (or borrow it
// through npx), install when needed, then run the pnpm script that does the work.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

function run(cmd, args) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function pnpm(args) {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (local.status === 0 && local.stdout.trim() === pnpmVersion) return run('pnpm', args);
  return run('npx', ['-y', `pnpm@${pnpmVersion}`, ...args]);
}

const task = process.argv[2];
const steps = {
  start: [
    ['install', '--frozen-lockfile'],
    ['run', 'build'],
    ['run', 'serve'],
  ],
  test: [
    ['install', '--frozen-lockfile'],
    ['run', 'test:all'],
  ],
}[task];
if (!steps) {
  console.error(`usage: node scripts/bootstrap.mjs start|test`);
  process.exit(2);
}
if (!existsSync(join(root, 'pnpm-lock.yaml'))) steps[0] = ['install'];
for (const args of steps) {
  const status = pnpm(args);
  if (status !== 0) process.exit(status);
}
