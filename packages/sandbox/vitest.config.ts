import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

export default defineConfig({
  // Hostile programs run to their (shortened) deadlines; a replaced worker takes ~50 ms to start.
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: {
      ...coverage,
      // These run only inside the pool's worker threads, which v8 coverage (taken in the test's own
      // thread) does not see: counted, they would read 0% however thoroughly the verdict tests run them.
      exclude: [...coverage.exclude, 'src/runner.mjs', 'src/worker.mjs'],
    },
  },
});
