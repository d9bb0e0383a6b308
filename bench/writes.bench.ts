/**
 * Writes under load, and the original client's REST reads, on the read benchmark's database
 * (100,000 questions and 1,000,000 answers, comments and votes; a fresh copy), at 50 connections:
 * issue 25's table. Every write through tRPC and, where the original client has one, through its
 * REST twin (support/write-routes.ts): question and answer votes, the global chat and direct chats,
 * comments, answers and questions, spread over 500 questions of the whole database; and the REST
 * reads of a cached tRPC read beside that read (support/twin-reads.ts): the question page (whose REST
 * call records a view), the whole list and the tags. One signed-in user per write route, every
 * write a transaction with its outbox event and the limits counted (raised: support/server.ts
 * LOAD_SETTINGS), every request a real change (support/in-turn.ts). Each route is checked to answer
 * 200 first, then its 1-s slices alternate with 1-s slices of a bare node:http server, as in
 * questions-list.bench.ts. Targets (support/route-verdicts.ts): votes, messages and comments ≥ 0.05
 * of bare node:http with p99 under 50 ms, answers and questions ≥ 0.03 with p99 under 100 ms, every
 * REST route at least 80% of its tRPC twin's req/s, no errors anywhere.
 */
import { firstAnswers, readAllNotifications, seededBenchDatabase } from './support/bench-database';
import { CONNECTIONS, SLICES, startHelloServer } from './support/load';
import { measureRoute, measureTogether, type RouteRow } from './support/route-round';
import type { BenchRoute } from './support/bench-route';
import { verdictOf } from './support/route-verdicts';
import { LOAD_SETTINGS, startBenchServer } from './support/server';
import { recordSummary } from './support/summary';
import { twinReads } from './support/twin-reads';
import { signUpAll, writeRoutes } from './support/write-routes';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const PORT = Number(process.env.BENCH_WRITES_PORT ?? 8392);
const HELLO_PORT = PORT + 10;
/** Votes, comments, answers and question pages go to this many questions across the database. */
const SPREAD = 500;
/**
 * Users who open the questions through the REST door: 100 × 500 first visits, more than a run sends
 * even at its target (0.8 of question.byId's req/s over a check, a warm-up and three slices).
 */
const VIEWERS = 100;
/**
 * The direct chats are with all of them, one chat per sender and person: a few hundred messages
 * per chat by the end of a route's round even at 5,000 messages a second. The REST door answers
 * the whole chat after each message (SPEC §7), so its answer grows with the chat; with 30 chats a
 * machine twice as fast made chats twice as long (800 messages, 90 KB answers), and the route
 * measured the machine's speed rather than the door.
 */
const CHAT_PEOPLE = VIEWERS;

/**
 * BENCH_ROUTES=question.vote,chat.send measures only the routes whose names start with one of those
 * (with the tRPC twin of a chosen REST route, unless BENCH_ALONE=1): to profile one write alone.
 */
function chosen(routes: BenchRoute[]): BenchRoute[] {
  const wanted = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
  if (!wanted?.length) return routes;
  const picked = routes.filter((route) => wanted.some((name) => route.name.startsWith(name)));
  if (process.env.BENCH_ALONE === '1') return picked;
  const twins = new Set(picked.map((route) => route.twin).filter(Boolean));
  return routes.filter((route) => picked.includes(route) || twins.has(route.name));
}

/** The same questions every run: every 200th question or so, from the whole range. */
function spreadQuestionIds(count: number): number[] {
  const step = Math.max(1, Math.floor(count / SPREAD));
  return Array.from({ length: Math.min(SPREAD, count) }, (_, i) => 1 + i * step);
}

async function main() {
  const database = seededBenchDatabase(QUESTIONS, POSTS);
  const questions = spreadQuestionIds(database.counts.questions);
  const answers = firstAnswers(database.databasePath, questions);
  const hello = await startHelloServer(HELLO_PORT);
  const server = await startBenchServer(database, PORT, LOAD_SETTINGS);
  try {
    const people = Array.from({ length: VIEWERS }, (_, i) => `person${i + 1}`);
    const viewers = await signUpAll(server, people);
    const readerCookie = await server.signUp('reader');
    // The reads first: the writes after them change the lists and pages they read.
    const routes = chosen([
      ...twinReads({ questions, readerCookie, viewers }),
      ...(await writeRoutes({ server, questions, answers, people: people.slice(0, CHAT_PEOPLE) })),
    ]);

    const rows: RouteRow[] = [];
    for (let i = 0; i < routes.length; i++) {
      const route = routes[i]!;
      const twin = routes[i + 1]?.twin === route.name ? routes[++i]! : null;
      readAllNotifications(server.databasePath);
      rows.push(
        ...(twin && !route.drain
          ? await measureTogether(server.base, hello.url, [route, twin], server.pid)
          : [await measureRoute(server.base, hello.url, route, server.pid)]),
      );
    }
    const judged = rows.map((row) => ({ ...row, verdict: verdictOf(row, rows) }));

    const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);
    const nameWidth = Math.max(...routes.map((route) => route.name.length));
    console.log(
      `\n${database.counts.questions.toLocaleString('en')} questions; ${CONNECTIONS} connections; per route ${SLICES} 1-s slices alternating with 1-s slices of bare node:http\n`,
    );
    console.log(
      'route'.padEnd(nameWidth),
      '   req/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'open ms',
      '÷ node:http',
      'REST÷tRPC',
      'errors',
      'target'.padEnd(22),
      'met ',
      'server µs/req',
    );
    for (const { route, result, verdict, serverCpuUs } of judged) {
      console.log(
        route.name.padEnd(nameWidth),
        fmt(result.rps, 8),
        fmt(result.p50, 6),
        fmt(result.p99, 6),
        fmt(result.max, 6),
        result.openMs === undefined ? ''.padStart(7) : fmt(result.openMs, 7),
        fmt(verdict.ratio, 11, 3),
        verdict.twinShare === undefined ? ''.padStart(9) : fmt(verdict.twinShare, 9, 2),
        fmt(result.errors, 6),
        verdict.target.padEnd(22),
        verdict.pass ? 'PASS' : 'MISS',
        serverCpuUs === undefined ? '' : fmt(serverCpuUs, 13),
      );
    }
    for (const { route, note } of judged) if (note) console.log(`${route.name}: ${note}`);

    recordSummary(
      'writes',
      2,
      judged.map(({ route, result, verdict, note, serverCpuUs }) => ({
        part: route.part,
        name: route.name,
        perSecond: result.rps,
        p50: result.p50,
        p99: result.p99,
        ratio: verdict.ratio,
        detail: [
          verdict.twinShare === undefined ? '' : `${verdict.twinShare.toFixed(2)}× tRPC`,
          result.errors ? `${result.errors} errors` : '',
          serverCpuUs === undefined ? '' : `server ${Math.round(serverCpuUs)} µs/req`,
          note ?? '',
        ]
          .filter(Boolean)
          .join('; '),
        target: verdict.target,
        pass: verdict.pass,
      })),
    );
    const missed = judged.filter((row) => !row.verdict.pass).map((row) => row.route.name);
    console.log(
      missed.length
        ? `\nMISS: ${missed.join(', ')}`
        : '\nPASS: every write and read at its target, without errors',
    );
    process.exitCode = missed.length ? 1 : 0;
  } finally {
    await server.stop();
    hello.stop();
  }
}

await main();
