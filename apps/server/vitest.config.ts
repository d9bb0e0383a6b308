import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

export default defineConfig({
  test: {
    env: { SCRYPT_LOG_N: '10' },
    // A timeout catches a hang, not slowness: hooks start real server processes (two or three one
    // after another, each awaited until healthy), which takes seconds on a loaded machine.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // What a poll waits for (an event from another process, a socket closing) can take seconds on a
    // loaded machine; vitest's default is one second.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['test/support/build-test-server.ts'],
    coverage,
  },
});
