// `npm run build:binary`: the single executable dist/qa-server (Linux x64 here: the platform of
// the Node that runs this). Node's single-executable applications: `node --build-sea` writes a
// blob holding src/binary.ts bundled (the server, better-sqlite3's JavaScript) and its assets —
// the web build, the migrations, the sandbox worker's bundle, QuickJS's WASM and better-sqlite3's
// native addon — into a copy of this very Node, its debug symbols stripped first (smaller file);
// and the demo: a fresh database into which this build's server wrote it at start, as it would.
// Run `pnpm build` first (the web build, dist/server.mjs and dist/worker.mjs).
import { build } from 'esbuild';
import { createHash, randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { builtinsByRequire } from './esbuild-builtins.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const work = join(here, 'dist', 'binary');
const output = join(repo, 'dist', 'qa-server');

const builtFiles = [
  join(repo, 'apps/web/dist/index.html'),
  join(here, 'dist/server.mjs'),
  join(here, 'dist/worker.mjs'),
];
for (const built of builtFiles) {
  if (!existsSync(built))
    throw new Error(`${relative(repo, built)} is missing: run pnpm build first`);
}

/** Every file under `folder` but source maps (no one debugs the shipped file), as [asset key, path]. */
function filesUnder(folder, prefix) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [`${prefix}/${relative(folder, path).split('\\').join('/')}`, path];
    });
}

const fromDb = createRequire(join(repo, 'packages/db/package.json'));
const sqliteRoot = dirname(fromDb.resolve('better-sqlite3/package.json'));
const compiled = join(sqliteRoot, 'build/Release/better_sqlite3.node');
const addon = existsSync(compiled)
  ? compiled
  : join(sqliteRoot, 'prebuilds', `${process.platform}-${process.arch}.node`);

const assets = Object.fromEntries([
  ['worker.mjs', join(here, 'dist/worker.mjs')],
  ['quickjs.wasm', join(here, 'dist/quickjs.wasm')],
  ['better_sqlite3.node', addon],
  ...filesUnder(join(repo, 'packages/db/drizzle'), 'drizzle'),
  ...filesUnder(join(repo, 'apps/web/dist'), 'web'),
]);

// The settings --help lists: the README's table (name, default, the meaning's first clause).
const settings = readFileSync(join(repo, 'README.md'), 'utf8')
  .split('\n')
  .map((line) => /^\| `([A-Z_]+)`\s*\|\s*(.*?)\s*\|\s*(.*?)\s*\|$/.exec(line))
  .filter(Boolean)
  .map(([, name, value, meaning]) => [
    name,
    value.replaceAll('`', ''),
    meaning
      .replaceAll('`', '')
      .split(/; | — |: /)[0]
      .slice(0, 90),
  ]);

/**
 * The built server (`npm start`'s) started on a fresh database with the demo on, stopped once
 * healthy: the demo is written through its procedures and sandbox exactly as at a first start.
 * Returns the database, compacted and gzipped, and when it was written.
 */
async function writeDemoDatabase() {
  const folder = mkdtempSync(join(tmpdir(), 'qa-demo-'));
  try {
    const database = join(folder, 'demo.db');
    const port = await new Promise((ok) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address();
        probe.close(() => ok(free));
      });
    });
    const env = { ...process.env, DATABASE_PATH: database, SEED_DEMO: '1', HOST: '127.0.0.1' };
    Object.assign(env, { PORT: String(port), SESSION_SECRET: randomBytes(32).toString('hex') });
    for (const shared of ['REDIS_URL', 'WORKERS']) delete env[shared];
    const server = spawn(process.execPath, [join(here, 'dist/server.mjs')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [server.stdout, server.stderr]) stream.on('data', (c) => (output += c));
    const exited = new Promise((ok) => server.on('exit', (code) => ok(code)));
    const started = Date.now();
    for (;;) {
      if (server.exitCode !== null || Date.now() - started > 60_000) {
        server.kill('SIGKILL');
        throw new Error(`build:binary: the server did not write the demo:\n${output}`);
      }
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Healthy means seeded: the story was told before the server listened.
    const writtenAt = Date.now();
    server.kill('SIGTERM');
    if ((await exited) !== 0) throw new Error(`build:binary: the demo's server failed:\n${output}`);
    const Database = fromDb('better-sqlite3');
    const db = new Database(database);
    db.exec('vacuum');
    db.close();
    return { gzipped: gzipSync(readFileSync(database), { level: 9 }), writtenAt };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const hash = createHash('sha256');
for (const [key, path] of Object.entries(assets).sort())
  hash.update(key).update(readFileSync(path));
const buildId = hash.digest('hex').slice(0, 12);
const version = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).version;

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
mkdirSync(dirname(output), { recursive: true });

// Written after the build id is taken: the demo's times differ each build, its content does not.
const demo = await writeDemoDatabase();
const demoFile = join(work, 'demo.db.gz');
writeFileSync(demoFile, demo.gzipped);
assets['demo.db.gz'] = demoFile;

// The addon's debug symbols are of no use in the executable either.
const strippedAddon = join(work, 'better_sqlite3.node');
copyFileSync(addon, strippedAddon);
if (spawnSync('strip', ['--strip-unneeded', strippedAddon], { stdio: 'inherit' }).status === 0)
  assets['better_sqlite3.node'] = strippedAddon;

// ws tries these optional native helpers in a try/catch: the stubs throw, as a missing module does.
const stubOptional = {
  name: 'stub-optional',
  setup(b) {
    b.onResolve({ filter: /^(bufferutil|utf-8-validate)$/ }, (args) => ({
      path: args.path,
      namespace: 'stub',
    }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not in the single executable`)});`,
      loader: 'js',
    }));
  },
};

await build({
  entryPoints: [join(here, 'src/binary.ts')],
  outfile: join(work, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  legalComments: 'none',
  // Smaller file and heap; names are kept so stack traces in the log still read.
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  plugins: [stubOptional, builtinsByRequire],
  define: {
    __QA_VERSION__: JSON.stringify(version),
    __QA_BUILD__: JSON.stringify(buildId),
    __QA_SETTINGS__: JSON.stringify(settings),
    __QA_DEMO_WRITTEN_AT__: String(demo.writtenAt),
  },
  // CommonJS dependencies call require(); in the executable it loads built-in modules only.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// A stripped copy of this Node builds the blob and takes it (the blob must match its binary).
const node = join(work, 'node');
copyFileSync(process.execPath, node);
chmodSync(node, 0o755);
const strip = spawnSync('strip', [node], { stdio: 'inherit' });
if (strip.status !== 0)
  console.warn('build:binary: strip failed; the executable keeps its symbols');

writeFileSync(
  join(work, 'sea.json'),
  JSON.stringify(
    {
      main: join(work, 'main.mjs'),
      mainFormat: 'module',
      output: join(work, 'qa-server'),
      disableExperimentalSEAWarning: true,
      // V8's code cache of main.mjs, made here: the executable starts from it instead of parsing
      // the whole bundle, and keeps some 14 MB less memory for it (about 1 MB more file).
      useCodeCache: true,
      assets,
    },
    null,
    2,
  ),
);
const sea = spawnSync(node, ['--build-sea', join(work, 'sea.json')], { stdio: 'inherit' });
if (sea.status !== 0) process.exit(sea.status ?? 1);
rmSync(node);
// Copied, not moved: the kernel keeps the file --build-sea wrote (one large write) in large page-cache
// folios, and every process started from that very file maps whole folios, counting some 40-50 MB
// more RSS than the same executable read from disk or copied (as a user gets it) ever shows.
copyFileSync(join(work, 'qa-server'), output);
rmSync(join(work, 'qa-server'));
const mb = (statSync(output).size / 1e6).toFixed(1);
console.log(`build:binary: ${relative(process.cwd(), output)} (${mb} MB, build ${buildId})`);
