/**
 * Question list under load: 100,000 seeded questions, 50 concurrent connections, the first page of
 * each order and a search, against a trivial route on the same server in the same run.
 * Target (issue 3): p99 under 50 ms for every list request.
 */
import { createDb } from '@app/db';
import { seedManyQuestions } from '@app/seed';
import autocannon from 'autocannon';
import superjson from 'superjson';
import { benchDatabase, startBenchServer } from './support/server';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P99_MS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 8390);
const base = `http://127.0.0.1:${PORT}`;

const trpcGet = (path: string, input: unknown) =>
  `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

async function main() {
  const database = benchDatabase();
  const started = Date.now();
  const db = createDb(database.databasePath);
  const seeded = seedManyQuestions(db, QUESTIONS);
  db.$client.close();
  console.log(`seeded ${QUESTIONS} questions in ${Date.now() - started} ms`, seeded);

  const server = await startBenchServer(database, PORT);
  try {
    // A signed-in browser's cookie, in case the list needs one.
    const cookie = await server.signUp('bencher');

    const search = process.env.BENCH_SEARCH ?? '[javascript] array';
    const routes: [string, string][] = [
      ['trivial GET /healthz', '/healthz'],
      ...(['newest', 'unanswered', 'active', 'mostViewed'] as const).map(
        (order): [string, string] => [`list ${order}`, trpcGet('question.list', { order })],
      ),
      [`search "${search}"`, trpcGet('question.list', { order: 'newest', search })],
    ];

    // Each route must answer correctly before it is measured.
    for (const [name, path] of routes) {
      const res = await fetch(base + path, { headers: { cookie } });
      if (!res.ok) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
    }

    const rows: {
      name: string;
      p50: number;
      p99: number;
      max: number;
      rps: number;
      errors: number;
    }[] = [];
    for (const [name, path] of routes) {
      await autocannon({
        url: base + path,
        connections: CONNECTIONS,
        duration: 2,
        headers: { cookie },
      }); // warm-up
      const result = await autocannon({
        url: base + path,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie },
      });
      rows.push({
        name,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        rps: result.requests.average,
        errors: result.errors + result.non2xx + result.timeouts,
      });
    }

    const trivial = rows[0]!;
    console.log(`\n${QUESTIONS} questions, ${CONNECTIONS} connections, ${SECONDS} s per route\n`);
    console.log(
      'route'.padEnd(40),
      'p50 ms',
      ' p99 ms',
      ' max ms',
      '   req/s',
      ' p99 ÷ trivial',
      ' errors',
    );
    for (const r of rows) {
      console.log(
        r.name.padEnd(40),
        String(r.p50).padStart(6),
        String(r.p99).padStart(7),
        String(r.max).padStart(7),
        r.rps.toFixed(0).padStart(8),
        (r.p99 / Math.max(trivial.p99, 1)).toFixed(1).padStart(13),
        String(r.errors).padStart(7),
      );
    }
    const failing = rows.slice(1).filter((r) => r.p99 >= TARGET_P99_MS || r.errors > 0);
    console.log(
      failing.length
        ? `\nFAIL: ${failing.map((r) => r.name).join(', ')} missed p99 < ${TARGET_P99_MS} ms (or had errors)`
        : `\nPASS: every list request p99 < ${TARGET_P99_MS} ms`,
    );
    process.exitCode = failing.length ? 1 : 0;
  } finally {
    await server.stop();
  }
}

await main();
