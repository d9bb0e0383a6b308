#!/usr/bin/env node
// `npm start` / `npm test` on a machine that may have only an older Node and npm: fetch the pinned
// Node (.node-version) from the npm registry when the running one is older, find pnpm (or borrow
// it through npx), install when needed, then run the pnpm script that does the work.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeVersion = readFileSync(join(root, '.node-version'), 'utf8').trim();
const major = (version) => Number(version.split('.')[0]);

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

/**
 * The pinned Node, unpacked from the registry's `node-<platform>-<arch>` package (bin/node plus
 * include/node, the headers node-gyp needs to build better-sqlite3 without reaching nodejs.org).
 * A dot-folder is fine here: only the single executable's runtime folder must not be hidden.
 */
function fetchedNode() {
  const home = join(root, '.node', nodeVersion);
  if (existsSync(join(home, 'bin', 'node'))) return home;
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}@${nodeVersion}`;
  console.log(
    `bootstrap: Node ${process.versions.node} is older than ${nodeVersion}; fetching ${pkg} from the npm registry`,
  );
  mkdirSync(join(root, '.node'), { recursive: true });
  const work = mkdtempSync(join(root, '.node', 'fetch-'));
  try {
    const pack = spawnSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${pkg} failed`);
    const untar = spawnSync('tar', ['xzf', tarball], { cwd: work, stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
    renameSync(join(work, 'package'), home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return home;
}

// An older Node hands the whole run to the pinned one: this script again, with its bin first on
// PATH so that pnpm, turbo, vitest, the server and the browser tests all run under it.
if (major(process.versions.node) < major(nodeVersion)) {
  let home;
  try {
    home = fetchedNode();
  } catch (error) {
    console.error(`bootstrap: ${error.message}; install Node ${nodeVersion} or newer`);
    process.exit(1);
  }
  const bin = join(home, 'bin');
  const env = {
    ...process.env,
    PATH: `${bin}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH ?? ''}`,
    npm_config_nodedir: home,
  };
  const child = spawn(
    join(bin, 'node'),
    [fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env,
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await main();
}

async function main() {
  // node-gyp builds better-sqlite3 against this Node's own headers when they are beside it (as in
  // the official tarballs), instead of downloading them.
  const ownHeaders = join(dirname(process.execPath), '..', 'include', 'node');
  if (!process.env.npm_config_nodedir && existsSync(join(ownHeaders, 'common.gypi')))
    process.env.npm_config_nodedir = join(ownHeaders, '..', '..');
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
    // The server and the web app, built (scripts/cluster.sh runs them).
    build: [
      ['install', '--frozen-lockfile'],
      ['run', 'build'],
    ],
    // dist/qa-server, made by (and holding) the pinned Node.
    'build:binary': [
      ['install', '--frozen-lockfile'],
      ['run', 'build'],
      ['--filter', '@app/server', 'run', 'build:binary'],
    ],
  }[task];
  if (!steps) {
    console.error('usage: node scripts/bootstrap.mjs start|test|build|build:binary');
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
}
