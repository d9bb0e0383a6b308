// Start-up of the production server: time from spawn to the first healthy /healthz, and its RSS
// (the server process's, from /proc, sandbox workers included as they are threads) one second
// after that. Each run uses a new data folder: a first start (creates, migrates and seeds the demo
// content) then a restart on the same database. Prints the medians.
//   node bench/startup.mjs [runs] -- <command …>   (default: node apps/server/dist/server.mjs)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dash = process.argv.indexOf('--');
const runs = Number(process.argv[2] && process.argv[2] !== '--' ? process.argv[2] : 5);
const command =
  dash > 0 ? process.argv.slice(dash + 1) : [process.execPath, 'apps/server/dist/server.mjs'];

const freePort = () =>
  new Promise((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function once(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: join(dataDir, 'app.db'),
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((ok) => child.on('exit', ok));
  let healthyMs;
  while (healthyMs === undefined) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok)
        healthyMs = performance.now() - started;
    } catch {
      await sleep(5);
    }
  }
  await sleep(1000);
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
  return { healthyMs, rss };
}

const first = [];
const restart = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'qa-startup-'));
  try {
    first.push(await once(dataDir));
    restart.push(await once(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const show = (name, list) =>
  console.log(
    `${name.padEnd(32)} healthy /healthz ${median(list.map((r) => r.healthyMs)).toFixed(0)} ms, ` +
      `RSS ${median(list.map((r) => r.rss)).toFixed(0)} MB  (median of ${list.length})`,
  );
console.log(command.join(' '));
show('first start (migrate, seed)', first);
show('restart (existing database)', restart);
