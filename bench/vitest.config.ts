import { defineConfig } from 'vitest/config';

// Unit tests of the benchmarks' own fixtures (support/*.test.ts); the benchmarks run through run.ts.
export default defineConfig({
  test: { include: ['support/**/*.test.ts'], testTimeout: 20_000 },
});
