// How every package measures the coverage of its unit tests. It is on only when vitest runs with
// `--coverage` (each package's `test` script, which `pnpm test:unit` runs through turbo), so running
// one test file while working stays fast. Each package writes coverage/coverage-summary.json and
// scripts/coverage-summary.mjs prints them as one table.
export const coverage = {
  provider: /** @type {const} */ ('v8'),
  include: ['src/**/*.{ts,tsx,mts,mjs}'],
  // Test helpers kept beside the code (src/test-support) are not the code under test.
  exclude: ['src/**/*.test.{ts,tsx}', 'src/**/test-support/**', 'src/**/*.d.ts', 'src/**/*.d.mts'],
  reporter: ['json-summary'],
  reportsDirectory: 'coverage',
};
