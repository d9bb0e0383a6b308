import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['./setup/server.ts'],
    setupFiles: ['./setup/diagnostics.ts'],
    // Two cores: one browser at a time next to the server.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
