import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

export default defineConfig({
  test: {
    env: { SCRYPT_LOG_N: '10' },
    testTimeout: 20_000,
    globalSetup: ['test/support/build-test-server.ts'],
    coverage,
  },
});
