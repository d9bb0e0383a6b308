import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

// These tests create and drop real PostgreSQL databases; dropping one waits for its pools'
// connections to leave, which takes seconds on a loaded machine (two CI runs at once took > 10 s).
// Every statement goes to a shared server that other packages' tests load at the same time.
// A poll (a LISTEN/NOTIFY ring) likewise waits longer than vitest's default second.
export default defineConfig({
  test: {
    coverage,
    hookTimeout: 60_000,
    testTimeout: 30_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
