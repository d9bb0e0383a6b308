// The single executable's entry (`npm run build:binary` → dist/qa-server): Node, this server, the
// web build, the migrations, QuickJS and better-sqlite3's addon in one file. What a checkout reads
// from its folders is unpacked once into data/runtime/<build>/ beside the database (not a hidden
// folder: Express's sendFile refuses paths through one), the addon loaded from there with
// process.dlopen, and relative settings are taken from the executable's own folder.
import cluster from 'node:cluster';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getAsset, getAssetKeys } from 'node:sea';

/** Filled in by build-binary.mjs. */
declare const __QA_VERSION__: string;
declare const __QA_BUILD__: string;
declare const __QA_SETTINGS__: readonly (readonly [string, string, string])[];
/** When the build's server wrote the demo database (asset demo.db.gz). */
declare const __QA_DEMO_WRITTEN_AT__: number;

// A single executable's argv is [itself, how it was called, ...arguments].
// A cluster worker (WORKERS) is forked with the primary's own arguments: it reads none.
const args = cluster.isWorker ? [] : process.argv.slice(2);
const home = dirname(process.execPath);

// `qa-server admin <command>`: the checkout's `npm run admin` (ops/admin.ts), on the database the
// server would open beside the executable.
if (args[0] === 'admin') {
  const [{ runAdmin }, { resolve }] = await Promise.all([
    import('./ops/admin'),
    import('node:path'),
  ]);
  const databasePath = resolve(home, process.env.DATABASE_PATH ?? 'data/app.db');
  const runtime = join(dirname(databasePath), 'runtime', __QA_BUILD__);
  let db;
  if (existsSync(databasePath)) {
    unpack(runtime);
    const addon = { exports: {} as object };
    process.dlopen(addon, join(runtime, 'better_sqlite3.node'));
    db = { nativeBinding: addon.exports, migrationsFolder: join(runtime, 'drizzle') };
  }
  process.exit(
    await runAdmin(
      args.slice(1),
      process.env,
      home,
      {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      },
      { program: 'qa-server admin', runtime: db },
    ),
  );
}
if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(
    `qa-server ${__QA_VERSION__} (build ${__QA_BUILD__}, Node ${process.versions.node})\n`,
  );
  process.exit(0);
}
if (args.includes('--help') || args.includes('-h')) {
  const width = Math.max(...__QA_SETTINGS__.map(([name]) => name.length));
  const defaults = Math.max(...__QA_SETTINGS__.map(([, value]) => value.length));
  process.stdout.write(
    [
      `qa-server ${__QA_VERSION__}: the Q&A community in one file.`,
      '',
      'Usage: qa-server [--help | --version]',
      '       qa-server admin <grant | revoke | list | recompute-reputation> [username]   (see qa-server admin help)',
      '',
      'It serves on http://HOST:PORT, keeps its database and secret in data/ beside itself (relative',
      'paths are taken from its own folder), migrates the database at start, and stops cleanly on',
      'SIGTERM or SIGINT. Settings are environment variables; their defaults:',
      '',
      ...__QA_SETTINGS__.map(
        ([name, value, meaning]) =>
          `  ${name.padEnd(width)}  ${value.padEnd(defaults)}  ${meaning}`,
      ),
      '',
    ].join('\n'),
  );
  process.exit(0);
}
if (args.length > 0) {
  process.stderr.write(`qa-server: unknown argument ${args[0]}; see qa-server --help\n`);
  process.exit(2);
}

/** Writes the files a checkout has in its folders into `runtime`, once per build. */
function unpack(runtime: string): void {
  if (existsSync(join(runtime, 'complete'))) return;
  const partial = `${runtime}-partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  for (const key of getAssetKeys()) {
    if (!key.startsWith('web/') && !key.startsWith('drizzle/') && key !== 'better_sqlite3.node')
      continue;
    const file = join(partial, key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, new Uint8Array(getAsset(key)));
  }
  writeFileSync(join(partial, 'complete'), `${__QA_BUILD__}\n`);
  // An upgrade (a new file) leaves the previous build's folder behind: it goes.
  for (const old of readdirSync(dirname(runtime)))
    if (join(dirname(runtime), old) !== partial)
      rmSync(join(dirname(runtime), old), { recursive: true, force: true });
  renameSync(partial, runtime);
}

// The server's modules are loaded only now: --version and --help answer without evaluating them.
const [{ loadConfig }, { run }, { placeDemoDatabase }] = await Promise.all([
  import('./ops/config'),
  import('./run'),
  import('./ops/demo-database'),
]);

await run(async () => {
  const base = loadConfig(process.env, home);
  const runtime = join(dirname(base.databasePath), 'runtime', __QA_BUILD__);
  unpack(runtime);
  const addon = { exports: {} as object };
  process.dlopen(addon, join(runtime, 'better_sqlite3.node'));
  // The worker's code as a module of its own (data: URL, so its top-level await is allowed) and
  // QuickJS compiled once here: a worker cannot read the executable's assets.
  const workerCode = Buffer.from(getAsset('worker.mjs')).toString('base64');
  const wasmModule = await WebAssembly.compile(new Uint8Array(getAsset('quickjs.wasm')));
  const config = loadConfig({ WEB_DIST: join(runtime, 'web'), ...process.env }, home);
  const db = { nativeBinding: addon.exports, migrationsFolder: join(runtime, 'drizzle') };
  // A first start serves the demo its build wrote (a cluster worker finds the primary's database).
  if (config.seedDemo && !cluster.isWorker) {
    const demo = {
      gzipped: new Uint8Array(getAsset('demo.db.gz')),
      writtenAt: __QA_DEMO_WRITTEN_AT__,
    };
    await placeDemoDatabase(config.databasePath, demo, db);
  }
  return {
    ...config,
    runtime: {
      db,
      sandboxWorker: { url: new URL(`data:text/javascript;base64,${workerCode}`), wasmModule },
    },
  };
});
