/**
 * A preload that times every better-sqlite3 statement by its SQL text, for profiling the server's
 * writes (the CPU profile shows how much time SQLite takes, not which statements):
 *
 *   cd bench && BENCH_ROUTES=question.vote NODE_OPTIONS="--import $PWD/sql-timing.mjs" \
 *     node --import tsx writes.bench.ts
 *
 * Each process that loads better-sqlite3 from the server's node_modules writes
 * `$SQL_TIMING_DIR/sql-<pid>.txt` (default /tmp) when it exits: calls, total and mean µs, the longest call and the calls over 5 ms per text,
 * the busiest first. Only `exec`, `run`, `get`, `all` and `iterate` are timed.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// The server's own copy of better-sqlite3 (a native addon, loaded through CommonJS).
const load = createRequire(join(import.meta.dirname, '..', 'apps', 'server', 'package.json'));
const Database = load('better-sqlite3');

const times = new Map();
const note = (text, started) => {
  const spent = Number(process.hrtime.bigint() - started) / 1000;
  const entry = times.get(text) ?? { calls: 0, us: 0, max: 0, over5ms: 0 };
  entry.calls++;
  entry.us += spent;
  entry.max = Math.max(entry.max, spent);
  if (spent > 5000) entry.over5ms++;
  times.set(text, entry);
};

const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (source, ...rest) {
  const statement = prepare.call(this, source, ...rest);
  const text = String(source).replace(/\s+/g, ' ').slice(0, 160);
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = statement[method];
    statement[method] = function (...args) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        note(text, started);
      }
    };
  }
  return statement;
};
const exec = Database.prototype.exec;
Database.prototype.exec = function (source) {
  const started = process.hrtime.bigint();
  try {
    return exec.call(this, source);
  } finally {
    note(String(source).slice(0, 160), started);
  }
};

process.on('exit', () => {
  if (times.size === 0) return;
  const rows = [...times].sort((a, b) => b[1].us - a[1].us);
  const lines = rows.map(
    ([text, { calls, us, max, over5ms }]) =>
      `${String(calls).padStart(8)} ${Math.round(us).toString().padStart(10)} µs ${(us / calls).toFixed(1).padStart(8)} µs/call ${(max / 1000).toFixed(1).padStart(7)} ms ${String(over5ms).padStart(6)}  ${text}`,
  );
  writeFileSync(
    join(process.env.SQL_TIMING_DIR ?? '/tmp', `sql-${process.pid}.txt`),
    `   calls      total          mean           max  >5 ms  statement\n${lines.join('\n')}\n`,
  );
});
