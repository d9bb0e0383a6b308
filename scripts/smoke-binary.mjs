#!/usr/bin/env node
// The single executable, as a user gets it: dist/qa-server copied alone into an empty folder and
// started with an empty environment (`env -i`, only PORT set). It must answer /healthz, serve the
// web app and a client-side route, show the demo (written at build time, dated from this start),
// sign a user up, run a right solution (OK) and an endless loop
// (Time Limit Exceeded) in the sandbox, exit 0 on SIGTERM, after a restart let the user sign in,
// and `qa-server admin` grant a moderator, list them and recompute reputations. Prints the start-up time, RSS and sizes against the targets; exits 1 on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const built = join(root, 'dist', 'qa-server');
const folder = mkdtempSync(join(tmpdir(), 'qa-server-smoke-'));
const binary = join(folder, 'qa-server');
copyFileSync(built, binary);

const port = await new Promise((ok) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => ok(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

async function start() {
  const started = performance.now();
  const child = spawn('env', ['-i', `PORT=${port}`, binary], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((ok) => child.on('exit', (code) => ok(code)));
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`qa-server exited with ${child.exitCode}:\n${output}`);
    if (performance.now() - started > 30_000)
      throw new Error(`no healthy /healthz in 30 s:\n${output}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      await sleep(5);
    }
  }
  // env -i runs the executable in its own process: its pid is env's (exec).
  return { child, exited, healthyMs: performance.now() - started, output: () => output };
}

const post = async (path, body, cookie) => {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    cookie: res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; '),
    body: await res.json().catch(() => null),
  };
};
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

let server;
try {
  server = await start();
  const firstMs = server.healthyMs;
  await sleep(1000);
  const rss = rssMb(server.child.pid);
  check(
    /Server listening on http:\/\/127\.0\.0\.1:\d+/.test(server.output()),
    'prints the address it serves',
  );
  const home = await fetch(`${origin}/`);
  check(home.ok && (await home.text()).includes('<div id="root">'), 'serves the web app');
  const route = await fetch(`${origin}/questions/ask`);
  check(route.ok && (await route.text()).includes('<div id="root">'), 'serves a client-side route');
  const questions = await (await fetch(`${origin}/question/getQuestion?order=newest`)).json();
  const asked = questions.map((q) => Date.parse(q.askDateTime));
  const month = 31 * 24 * 60 * 60 * 1000;
  check(
    questions.length >= 5 && asked.every((t) => t > Date.now() - month && t < Date.now()),
    `shows the demo's ${questions.length} questions, asked within the past month`,
  );
  const demoUser = await post('/user/login', { username: 'alice', password: 'password123' });
  check(demoUser.status === 200, `a demo user signs in (${demoUser.status})`);
  const user = { username: 'smoke', password: 'smoke-password-1' };
  const signup = await post('/user/signup', user);
  check(signup.status === 200 && signup.cookie, `signs a user up (${signup.status})`);
  const run = (code) =>
    post('/problem/testProblem', { code, testCases: ['assert(add(1, 2), 3)'] }, signup.cookie);
  const right = await run('function add(a, b) { return a + b; }');
  check(
    right.body?.[0]?.status === 'OK',
    `a right solution: ${right.body?.[0]?.status ?? JSON.stringify(right)}`,
  );
  const endless = await run('function add(a, b) { for (;;) {} }');
  check(
    endless.body?.[0]?.status === 'Time Limit Exceeded',
    `an endless loop: ${endless.body?.[0]?.status}`,
  );
  server.child.kill('SIGTERM');
  check((await server.exited) === 0, 'exits 0 on SIGTERM');
  server = await start();
  const restartMs = server.healthyMs;
  const login = await post('/user/login', user);
  check(login.status === 200, `after a restart the user signs in (${login.status})`);
  server.child.kill('SIGTERM');
  check((await server.exited) === 0, 'exits 0 on SIGTERM again');
  server = undefined;
  // `qa-server admin …` on the same database, as someone at the server's command line.
  const admin = (...args) =>
    spawnSync('env', ['-i', binary, 'admin', ...args], { cwd: folder, encoding: 'utf8' });
  const grant = admin('grant', 'smoke');
  check(
    grant.status === 0 && grant.stdout.trim() === 'smoke is now a moderator.',
    `admin grant: ${grant.stdout.trim() || grant.stderr.trim()}`,
  );
  const list = admin('list');
  check(list.stdout.trim() === 'Moderators: smoke.', `admin list: ${list.stdout.trim()}`);
  const recompute = admin('recompute-reputation');
  check(
    recompute.status === 0 && /reputation/.test(recompute.stdout),
    `admin recompute-reputation: ${recompute.stdout.trim().split('\n')[0]}`,
  );

  const bytes = statSync(binary).size;
  // The download a user would make: GNU gzip's default level (Node's own zlib packs about 3% worse).
  const gnu = spawnSync('gzip', ['-6', '-c', binary], { maxBuffer: 2 * bytes });
  const gzipped =
    gnu.status === 0 ? gnu.stdout.length : gzipSync(readFileSync(binary), { level: 6 }).length;
  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(
    `\nhealthy /healthz ${Math.round(firstMs)} ms on the first start (unpack, place the demo), ` +
      `${Math.round(restartMs)} ms on a restart (target < 1000 ms)`,
  );
  console.log(`RSS 1 s after the first start ${rss.toFixed(0)} MB (target < 150 MB)`);
  console.log(`size ${mb(bytes)} (target < 110 MB), gzip -6 ${mb(gzipped)} (target < 45 MB)`);
} catch (error) {
  failures++;
  console.log(`FAIL ${error.message}`);
} finally {
  if (server) server.child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failures ? 1 : 0);
