import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Hostile programs run to their (shortened) deadlines; a replaced worker takes ~50 ms to start.
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
