/**
 * The one table `pnpm bench` ends with: each bench records its headline figures here (one JSON file
 * per bench in bench/results/summary/, gitignored) and run.ts prints them all together.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SUMMARY_DIR = resolve(import.meta.dirname, '../results/summary');

export interface SummaryRow {
  /** What kind of figure: "tRPC read", "REST write", "WebSocket", "sandbox", "memory" … */
  part: string;
  name: string;
  /** Requests, deliveries or runs per second. */
  perSecond?: number;
  p50?: number;
  p99?: number;
  /** req/s ÷ bare node:http's req/s in the slices beside it. */
  ratio?: number;
  /** Anything else worth one line: counts, sizes, errors. */
  detail?: string;
  target?: string;
  /** Whether the target was met; undefined when the row has none. */
  pass?: boolean;
}

interface Recorded {
  bench: string;
  order: number;
  rows: SummaryRow[];
}

/**
 * Keeps a bench's rows for the summary (replacing what it recorded before); a run on PostgreSQL
 * (BENCH_DATABASE=postgres) is its own bench, after the SQLite ones.
 */
export function recordSummary(benchName: string, benchOrder: number, rows: SummaryRow[]): void {
  const onPostgres = process.env.BENCH_DATABASE === 'postgres';
  const bench = onPostgres ? `${benchName}-postgres` : benchName;
  const order = onPostgres ? benchOrder + 100 : benchOrder;
  const labelled = onPostgres
    ? rows.map((row) => ({ ...row, part: `${row.part}, PostgreSQL` }))
    : rows;
  mkdirSync(SUMMARY_DIR, { recursive: true });
  const file = join(SUMMARY_DIR, `${bench}.json`);
  writeFileSync(file, JSON.stringify({ bench, order, rows: labelled } satisfies Recorded, null, 2));
}

export function clearSummary(): void {
  rmSync(SUMMARY_DIR, { recursive: true, force: true });
}

export function readSummary(): Recorded[] {
  let files: string[];
  try {
    files = readdirSync(SUMMARY_DIR).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((name) => JSON.parse(readFileSync(join(SUMMARY_DIR, name), 'utf8')) as Recorded)
    .sort((a, b) => a.order - b.order);
}

const number = (value: number | undefined, digits = 0) =>
  value === undefined
    ? ''
    : value.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });

/** The table as Markdown (what the README shows), every column padded so it reads in a terminal. */
export function summaryTable(recorded: Recorded[]): string {
  const header = [
    'part',
    'what',
    'per second',
    'p50 ms',
    'p99 ms',
    '÷ node:http',
    'detail',
    'target',
    'met',
  ];
  const body = recorded.flatMap(({ rows }) =>
    rows.map((row) => [
      row.part,
      row.name,
      number(row.perSecond),
      number(row.p50, row.p50 !== undefined && row.p50 < 10 ? 1 : 0),
      number(row.p99, row.p99 !== undefined && row.p99 < 10 ? 1 : 0),
      number(row.ratio, 2),
      row.detail ?? '',
      row.target ?? '',
      row.pass === undefined ? '' : row.pass ? 'yes' : 'NO',
    ]),
  );
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)),
  );
  const numeric = new Set([2, 3, 4, 5]);
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, i) =>
        numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join(' | ')} |`;
  const rule = `| ${widths
    .map((width, i) => (numeric.has(i) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width)))
    .join(' | ')} |`;
  return [line(header), rule, ...body.map(line)].join('\n');
}
