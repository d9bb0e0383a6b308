// How every package measures the coverage of its unit tests. It is on only when vitest runs with
// `--coverage` (each package's `test` script, which `pnpm test:unit` runs through turbo), so running
// one test file while working stays fast. Each package writes coverage/coverage-summary.json and
// scripts/coverage-summary.mjs prints them as one table.
export const coverage = {
  provider: /** @type {const} */ ('v8'),
  include: ['src/**/*.{ts,tsx,mts,mjs}'],
  exclude: ['src/**/*.test.{ts,tsx}', 'src/**/*.d.ts', 'src/**/*.d.mts'],
  reporter: ['json-summary'],
  reportsDirectory: 'coverage',
};
