import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

export default defineConfig({
  test: {
    // A cheap scrypt cost (test/helpers.ts hands it to the deps) keeps hundreds of test sign-ups fast;
    // the server passes its own setting.
    env: { SCRYPT_LOG_N: '10' },
    // A timeout catches a hang, not slowness (speed is the benchmarks'): a loaded two-core
    // machine with coverage on can take several times the 5 s default for a sign-up-heavy test.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Likewise a poll (an aborted stream, an event from another connection): one second by default.
    expect: { poll: { timeout: 10_000 } },
    coverage,
  },
});
