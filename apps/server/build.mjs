// `pnpm build` for the server: bundles src/main.ts and the sandbox's worker with esbuild into
// dist/, beside what they read at run time, so `npm start` runs plain JavaScript (no tsx):
//   dist/server.mjs    the entry: turns on Node's compile cache, then loads the server
//   dist/server-main.mjs  the server (every workspace package and dependency inside, but
//                      better-sqlite3, whose native addon is loaded from node_modules)
//   dist/worker.mjs    the sandbox's worker thread (runner and quickjs-emscripten inside)
//   dist/quickjs.wasm  QuickJS, read by the worker
//   dist/drizzle/      the SQL migrations, applied at start-up
//   dist/drizzle-pg/   PostgreSQL's (DATABASE_URL)
import { build } from 'esbuild';
import { cpSync, copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinsByRequire } from './esbuild-builtins.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
// Tests of the process itself build the same bundle into a folder of their own.
const out = process.env.SERVER_BUILD_DIR
  ? resolve(process.env.SERVER_BUILD_DIR)
  : join(here, 'dist');

const fromSandbox = createRequire(join(repo, 'packages/sandbox/package.json'));
const fromQuickJS = createRequire(fromSandbox.resolve('quickjs-emscripten'));
const wasm = fromQuickJS.resolve('@jitl/quickjs-wasmfile-release-sync/wasm');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // CommonJS dependencies (pino, express, ws, …) call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};

await Promise.all([
  build({
    ...common,
    entryPoints: { 'server-main': join(here, 'src/main.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    // ws tries these optional native helpers in a try/catch and does without them.
    external: ['better-sqlite3', 'bufferutil', 'utf-8-validate'],
    plugins: [builtinsByRequire],
  }),
  build({
    ...common,
    // The single executable runs it from a data: URL, where Emscripten's
    // createRequire(import.meta.url) would throw: there it stands for the executable's own path.
    banner: {
      js: "import { pathToFileURL as __pathToFileURL } from 'node:url'; const __moduleUrl = import.meta.url.startsWith('file:') ? import.meta.url : __pathToFileURL(process.execPath).href;",
    },
    define: { 'import.meta.url': '__moduleUrl' },
    entryPoints: { worker: join(repo, 'packages/sandbox/src/worker.mjs') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
  }),
]);
// Node's on-disk code cache (in the system's temporary folder, or NODE_COMPILE_CACHE) must be on
// before the bundle is compiled, hence an entry of its own. From the second start on, the server
// is read from the cache instead of parsed (restart RSS about 7 MB lower); it is written as soon as
// the server listens, so a process that is killed rather than stopped leaves it too.
writeFileSync(
  join(out, 'server.mjs'),
  [
    "import { enableCompileCache, flushCompileCache } from 'node:module';",
    'enableCompileCache();',
    "await import('./server-main.mjs');",
    'flushCompileCache();',
    '',
  ].join('\n'),
);
copyFileSync(wasm, join(out, 'quickjs.wasm'));
cpSync(join(repo, 'packages/db/drizzle'), join(out, 'drizzle'), { recursive: true });
cpSync(join(repo, 'packages/db/drizzle-pg'), join(out, 'drizzle-pg'), { recursive: true });
