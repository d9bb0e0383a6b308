import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

// The API server (apps/server) serves tRPC over HTTP and WebSocket at /trpc, on port 8000 by default.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The Markdown worker (shared/components/markdown) has no document: packages that offer a build for
    // workers (micromark's entity decoder) must give theirs, not the one that decodes through the DOM.
    conditions: ['worker', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/trpc': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: a separate chunk stays cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            // The code editor is fetched only by the screens that show code (shared/components/CodeEditor).
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|@marijn|style-mod|w3c-keyname|crelt)[\\/]/,
            },
            // The shared CRDT editor of CollabCode games (features/games/collab/CollabEditor), likewise.
            {
              name: 'collab',
              test: /node_modules[\\/](yjs|lib0|y-protocols|y-codemirror\.next)[\\/]/,
            },
            // The word diff of revision histories, fetched only by the revisions pages.
            { name: 'diff', test: /node_modules[\\/]diff[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    // A timeout catches a hang, not slowness (speed is the benchmarks'): a loaded two-core
    // machine with coverage on can take several times the 5 s default for a sign-up-heavy test.
    testTimeout: 20_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    coverage,
  },
});
