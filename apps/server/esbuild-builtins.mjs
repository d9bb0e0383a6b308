// An esbuild plugin for the server's bundles (build.mjs, build-binary.mjs): Node's built-in modules
// that the bundled ES modules import are loaded with require() instead.
//
// Why: on Node 26, `import { createServer } from 'node:http'` builds the module's ES facade, which
// reads every export once, getters included: http's lazy WebSocket getter then loads undici (and
// http2, zlib, web streams, perf_hooks, worker_threads) — about 60 ms of a start-up's CPU for
// nothing the server uses. node:fs and node:util facades do the same on a smaller scale. require()
// returns the module object and reads nothing. esbuild's CommonJS interop keeps named imports
// live (`import_http.createServer` is looked up at each use), so the code behaves the same.
//
// The bundles define `require` in their banner (createRequire), as their CommonJS dependencies
// need it already.
export const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'import-statement' || args.kind === 'dynamic-import'
        ? { path: args.path, namespace: 'builtin-by-require' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin-by-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};
