import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

export default defineConfig({
  test: {
    // A cheap scrypt cost keeps hundreds of test sign-ups fast; production uses the default.
    env: { SCRYPT_LOG_N: '10' },
    coverage,
  },
});
