#!/usr/bin/env node
// After `pnpm test:unit` (every package's vitest run with --coverage, see tooling/vitest/coverage.mjs):
// reads each package's coverage/coverage-summary.json and prints one table, per package and in total.
// Exits 1 when a package with unit tests left no report (its tests failed or never ran).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const METRICS = ['statements', 'branches', 'functions', 'lines'];

/** The workspace packages whose `test` script measures coverage. */
function packagesWithCoverage() {
  const found = [];
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const dir = join(root, group, name);
      const manifest = join(dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (pkg.scripts?.test?.includes('--coverage')) found.push({ name: pkg.name, dir });
    }
  }
  return found;
}

const percent = (covered, total) =>
  total === 0 ? '-' : `${((100 * covered) / total).toFixed(1)}%`;

const rows = [];
const sums = Object.fromEntries(METRICS.map((m) => [m, { covered: 0, total: 0 }]));
const missing = [];
for (const { name, dir } of packagesWithCoverage()) {
  const file = join(dir, 'coverage', 'coverage-summary.json');
  if (!existsSync(file)) {
    missing.push(relative(root, file));
    rows.push([name, ...METRICS.map(() => 'no report')]);
    continue;
  }
  const { total } = JSON.parse(readFileSync(file, 'utf8'));
  rows.push([name, ...METRICS.map((m) => percent(total[m].covered, total[m].total))]);
  for (const m of METRICS) {
    sums[m].covered += total[m].covered;
    sums[m].total += total[m].total;
  }
}
rows.push(['total', ...METRICS.map((m) => percent(sums[m].covered, sums[m].total))]);

const header = ['package', ...METRICS];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log('\nUnit test coverage (v8; covered share of each package’s src/)\n');
console.log(line(header));
console.log(
  `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
);
for (const row of rows) console.log(line(row));
if (missing.length > 0) {
  console.error(`\nNo coverage report at ${missing.join(', ')}: run \`pnpm test:unit\` first.`);
  process.exit(1);
}
