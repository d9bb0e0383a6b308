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
    // A poll waits for what a user would wait for, as Playwright's own waits do (10 s, support/
    // browser.ts): vitest's default second was less than a password check takes on a loaded
    // machine (a sign-in's error was still on its way when the poll gave up).
    expect: { poll: { timeout: 10_000 } },
  },
});
