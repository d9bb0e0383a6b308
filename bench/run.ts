/**
 * `pnpm bench`: every benchmark, one after the other (each in its own process, each starting its own
 * server on 127.0.0.1), then ONE table of their headline figures. Exits 1 when any bench missed a
 * target or failed; a failing bench does not stop the others. BENCH_ONLY=reads,writes runs some.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { clearSummary, readSummary, summaryTable } from './support/summary';

const BENCHES = [
  { name: 'reads', file: 'questions-list.bench.ts' },
  { name: 'writes', file: 'writes.bench.ts' },
  { name: 'chat-fanout', file: 'chat-fanout.bench.ts' },
  { name: 'sandbox', file: 'sandbox.bench.ts' },
  { name: 'memory', file: 'memory.bench.ts' },
  { name: 'workers', file: 'workers.bench.ts' },
  { name: 'cluster-fanout', file: 'cluster-fanout.bench.ts' },
  { name: 'cross-process', file: 'cross-process.bench.ts' },
  // The same site served from PostgreSQL (support/postgres.ts), beside SQLite's figures.
  { name: 'reads-postgres', file: 'questions-list.bench.ts', postgres: true },
  { name: 'writes-postgres', file: 'writes.bench.ts', postgres: true },
  { name: 'chat-fanout-postgres', file: 'chat-fanout.bench.ts', postgres: true },
  { name: 'cluster-fanout-postgres', file: 'cluster-fanout.bench.ts', postgres: true },
];

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

function run(file: string, postgres = false): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, file)], {
      stdio: 'inherit',
      env: { ...process.env, ...(postgres ? { BENCH_DATABASE: 'postgres' } : {}) },
    });
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

clearSummary();
const started = Date.now();
const outcomes: { name: string; code: number; seconds: number }[] = [];
for (const bench of BENCHES) {
  if (only && !only.includes(bench.name)) continue;
  console.log(`\n=== ${bench.name} (${bench.file}) ===`);
  const at = Date.now();
  const code = await run(bench.file, bench.postgres);
  outcomes.push({ name: bench.name, code, seconds: Math.round((Date.now() - at) / 1000) });
}

const recorded = readSummary();
console.log(
  `\n=== Summary (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 1000)} s) ===\n`,
);
console.log(summaryTable(recorded));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
const silent = outcomes.filter((outcome) => !recorded.some((r) => r.bench === outcome.name));
console.log(
  `\n${outcomes.map((o) => `${o.name} ${o.code === 0 ? 'passed' : 'FAILED'} (${o.seconds} s)`).join(', ')}`,
);
if (silent.length) console.log(`no figures from: ${silent.map((o) => o.name).join(', ')}`);
process.exitCode = failed.length ? 1 : 0;
