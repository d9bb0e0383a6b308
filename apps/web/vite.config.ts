import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API server (apps/server) serves tRPC over HTTP and WebSocket at /trpc on port 8000.
const API_TARGET = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/trpc': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
