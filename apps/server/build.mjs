// `pnpm build` for the server: bundles src/main.ts and the sandbox's worker with esbuild into
// dist/, beside what they read at run time, so `npm start` runs plain JavaScript (no tsx):
//   dist/server.mjs    the server (every workspace package and dependency inside, but
//                      better-sqlite3, whose native addon is loaded from node_modules)
//   dist/worker.mjs    the sandbox's worker thread (runner and quickjs-emscripten inside)
//   dist/quickjs.wasm  QuickJS, read by the worker
//   dist/drizzle/      the SQL migrations, applied at start-up
import { build } from 'esbuild';
import { cpSync, copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const out = join(here, 'dist');

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
    entryPoints: { server: join(here, 'src/main.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    // ws tries these optional native helpers in a try/catch and does without them.
    external: ['better-sqlite3', 'bufferutil', 'utf-8-validate'],
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
copyFileSync(wasm, join(out, 'quickjs.wasm'));
cpSync(join(repo, 'packages/db/drizzle'), join(out, 'drizzle'), { recursive: true });
