import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

export default defineConfig({
  // A cheap scrypt cost keeps the demo accounts' hashing fast in tests; `pnpm db:seed` uses the default.
  test: { env: { SCRYPT_LOG_N: '10' }, testTimeout: 20_000, coverage },
});
