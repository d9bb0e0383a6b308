#!/usr/bin/env node
// `npm start` / `npm test` on a machine that may have only Node and npm: find pnpm (or borrow it
// through npx), install when needed, then run the pnpm script that does the work.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

function pnpmCommand() {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (local.status === 0 && local.stdout.trim() === pnpmVersion) return ['pnpm', []];
  return ['npx', ['-y', `pnpm@${pnpmVersion}`]];
}

// Vitest ends each run with "Tests  2 failed | 40 passed (42)"; these add them up across packages.
const totals = { passed: 0, failed: 0, skipped: 0 };
function countTests(line) {
  const plain = stripVTControlCharacters(line);
  const summary = /\bTests\s+(.+)\(\d+\)\s*$/.exec(plain);
  if (!summary) return;
  for (const [, n, kind] of summary[1].matchAll(/(\d+) (passed|failed|skipped)/g))
    totals[kind] += Number(n);
}

/** Runs pnpm with the given arguments, echoing its output and reading test summaries from it. */
function pnpm(args) {
  const [cmd, prefix] = pnpmCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, [...prefix, ...args], {
      cwd: root,
      stdio: ['inherit', 'pipe', 'inherit'],
    });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(countTests);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      countTests(pending);
      resolve(code ?? 1);
    });
  });
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
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}
if (!existsSync(join(root, 'pnpm-lock.yaml'))) steps[0] = ['install'];

let status = 0;
for (const args of steps) {
  status = await pnpm(args);
  if (status !== 0) break;
}
if (task === 'test') {
  if (status !== 0 && totals.failed === 0) totals.failed = 1; // a failing typecheck, lint or build step
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
}
process.exit(status);
