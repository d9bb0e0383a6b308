/**
 * Public reads under load: the first page of each list order, a search, the question
 * page, the tag list, the list signed in and the original client's GET /question/getQuestion, on a
 * database of 100,000 questions and 1,000,000 answers, comments and votes, at 50 connections.
 * Every route's round alternates with a round against a bare node:http server answering "hello"
 * (started here, in its own process, on the same machine), so each ratio compares two rounds a few
 * seconds apart rather than two runs. Targets: signed out 0.25 of bare node:http or better, signed in
 * 0.12, p99 under 50 ms (getQuestion, a page of every question, has no target: it is printed).
 */
import superjson from 'superjson';
import { seededBenchDatabase, typicalQuestion } from './support/bench-database';
import {
  alternating,
  CONNECTIONS,
  drainRound,
  round,
  SLICES,
  startHelloServer,
  type Round,
} from './support/load';
import { startBenchServer } from './support/server';
import { recordSummary, type SummaryRow } from './support/summary';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const WARMUP_SECONDS = 1;
/** Every getQuestion answer is the whole list (megabytes): its slices are longer to finish some. */
const LEGACY_SLICE_SECONDS = Number(process.env.BENCH_LEGACY_SLICE_SECONDS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 8390);
const HELLO_PORT = PORT + 10;
const SEARCH = process.env.BENCH_SEARCH ?? '[javascript] array';
const TARGET_SIGNED_OUT = 0.25;
const TARGET_SIGNED_IN = 0.12;
const TARGET_P99_MS = 50;
/** A second getQuestion slower than this is not cached: a loaded round would take minutes. */
const UNCACHED_CALL_MS = 5_000;
/** What a browser (and the original client's axios) sends. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip, deflate' };

const trpcGet = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`;

interface Route {
  name: string;
  path: string;
  signedIn?: boolean;
  /** The ratio it must reach; none for getQuestion. */
  target?: number;
}

async function main() {
  const database = seededBenchDatabase(QUESTIONS, POSTS);
  const { counts } = database;
  const qid = typicalQuestion(database.databasePath);
  const hello = await startHelloServer(HELLO_PORT);
  const server = await startBenchServer(database, PORT);
  const base = server.base;
  try {
    const cookie = await server.signUp('bencher');
    const routes: Route[] = [
      { name: 'GET /healthz (Express)', path: '/healthz' },
      ...(['newest', 'active', 'unanswered', 'mostViewed'] as const).map((order): Route => ({
        name: `question.list ${order}`,
        path: trpcGet('question.list', { order }),
        target: TARGET_SIGNED_OUT,
      })),
      {
        name: `question.list search "${SEARCH}"`,
        path: trpcGet('question.list', { order: 'newest', search: SEARCH }),
        target: TARGET_SIGNED_OUT,
      },
      {
        name: 'question.byId (question page)',
        path: trpcGet('question.byId', { qid }),
        target: TARGET_SIGNED_OUT,
      },
      { name: 'tag.list', path: trpcGet('tag.list'), target: TARGET_SIGNED_OUT },
      {
        name: 'question.list newest, signed in',
        path: trpcGet('question.list', { order: 'newest' }),
        signedIn: true,
        target: TARGET_SIGNED_IN,
      },
      {
        name: 'question.byId, signed in',
        path: trpcGet('question.byId', { qid }),
        signedIn: true,
        target: TARGET_SIGNED_IN,
      },
    ];
    const headersOf = (route: Route) => ({
      ...BROWSER_HEADERS,
      ...(route.signedIn ? { cookie } : {}),
    });

    // Each route must answer correctly before it is measured.
    for (const route of routes) {
      const res = await fetch(base + route.path, { headers: headersOf(route) });
      if (!res.ok) throw new Error(`${route.name} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }

    // The original client's whole list: its first call builds it, later ones are served cached.
    const legacyPath = '/question/getQuestion?order=newest&search=';
    const timedLegacyCall = async () => {
      const started = performance.now();
      const res = await fetch(base + legacyPath, {
        headers: BROWSER_HEADERS,
        signal: AbortSignal.timeout(600_000),
      });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`getQuestion answered ${res.status}`);
      return { res, body, ms: performance.now() - started };
    };
    const { res: first, body: firstBody, ms: firstCallMs } = await timedLegacyCall();
    const { ms: secondCallMs } = await timedLegacyCall();

    const rows: { route: Route; result: Round; hello: Round }[] = [];
    for (const route of routes) {
      await round(base + route.path, WARMUP_SECONDS, headersOf(route));
      rows.push({ route, ...(await alternating(base + route.path, hello.url, headersOf(route))) });
    }
    const legacy =
      secondCallMs < UNCACHED_CALL_MS
        ? await alternating(
            base + legacyPath,
            hello.url,
            BROWSER_HEADERS,
            LEGACY_SLICE_SECONDS,
            drainRound,
          )
        : null;
    // One write (a vote) drops the cached list: the next call rebuilds it from the questions' JSON.
    let afterWriteMs: number | null = null;
    if (legacy) {
      await server.mutate('question.vote', { qid, vote: 'up' }, cookie);
      afterWriteMs = (await timedLegacyCall()).ms;
    }

    const healthz = rows[0]!.result;
    const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);
    console.log(
      `\n${counts.questions.toLocaleString('en')} questions, ${(counts.answers + counts.comments + counts.votes).toLocaleString('en')} answers/comments/votes ` +
        `(${counts.answers.toLocaleString('en')} / ${counts.comments.toLocaleString('en')} / ${counts.votes.toLocaleString('en')}); ` +
        `${CONNECTIONS} connections; per route ${SLICES} 1-s slices alternating with 1-s slices of bare node:http; question ${qid}\n`,
    );
    console.log(
      'route'.padEnd(44),
      '   req/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      '÷ node:http',
      '÷ /healthz',
      'errors',
      'target',
    );
    const failing: string[] = [];
    for (const { route, result, hello: h } of rows) {
      const ratio = result.rps / Math.max(h.rps, 1);
      const missed =
        route.target !== undefined &&
        (ratio < route.target || result.p99 >= TARGET_P99_MS || result.errors > 0);
      if (missed) failing.push(route.name);
      console.log(
        route.name.padEnd(44),
        fmt(result.rps, 8),
        fmt(result.p50, 6),
        fmt(result.p99, 6),
        fmt(result.max, 6),
        fmt(ratio, 11, 2),
        fmt(result.rps / Math.max(healthz.rps, 1), 10, 2),
        fmt(result.errors, 6),
        route.target === undefined ? '' : `≥ ${route.target}${missed ? '  MISSED' : ''}`,
      );
    }
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const sent = Number(first.headers.get('content-length') ?? firstBody.byteLength);
    console.log(
      'GET /question/getQuestion, first call'.padEnd(44),
      `${firstCallMs.toFixed(0)} ms for ${mb(firstBody.byteLength)} of JSON, ${mb(sent)} sent (${first.headers.get('content-encoding') ?? 'identity'})`,
    );
    if (legacy) {
      const { result, hello: h } = legacy;
      console.log(
        'GET /question/getQuestion, cached'.padEnd(44),
        fmt(result.rps, 8, 1),
        fmt(result.p50, 6),
        fmt(result.p99, 6),
        fmt(result.max, 6),
        fmt(result.rps / Math.max(h.rps, 1), 11, 4),
        fmt(result.rps / Math.max(healthz.rps, 1), 10, 4),
        fmt(result.errors, 6),
      );
    } else {
      console.log(
        'GET /question/getQuestion, cached'.padEnd(44),
        `not measured: a second call took ${(secondCallMs / 1000).toFixed(1)} s (not cached)`,
      );
    }
    if (afterWriteMs !== null)
      console.log(
        'GET /question/getQuestion, after a write'.padEnd(44),
        `${afterWriteMs.toFixed(0)} ms (the first call after a vote on question ${qid})`,
      );
    console.log(
      `bare node:http: ${Math.min(...rows.map((r) => r.hello.rps)).toFixed(0)}–${Math.max(...rows.map((r) => r.hello.rps)).toFixed(0)} req/s over the rounds`,
    );
    console.log(
      failing.length
        ? `\nFAIL: ${failing.join(', ')} (ratio, p99 < ${TARGET_P99_MS} ms or errors)`
        : `\nPASS: every read at its ratio with p99 < ${TARGET_P99_MS} ms`,
    );
    recordSummary('reads', 1, [
      ...rows.map(({ route, result, hello: h }): SummaryRow => ({
        part: route.path.startsWith('/trpc/') ? 'tRPC read' : 'HTTP',
        name: route.name,
        perSecond: result.rps,
        p50: result.p50,
        p99: result.p99,
        ratio: result.rps / Math.max(h.rps, 1),
        detail: result.errors ? `${result.errors} errors` : '',
        target:
          route.target === undefined ? undefined : `≥ ${route.target}, p99 < ${TARGET_P99_MS} ms`,
        pass: route.target === undefined ? undefined : !failing.includes(route.name),
      })),
      {
        part: 'REST read',
        name: 'GET /question/getQuestion (every question)',
        perSecond: legacy?.result.rps,
        p50: legacy?.result.p50,
        p99: legacy?.result.p99,
        ratio: legacy ? legacy.result.rps / Math.max(legacy.hello.rps, 1) : undefined,
        detail: `${mb(firstBody.byteLength)} JSON; first call ${(firstCallMs / 1000).toFixed(1)} s`,
      },
    ]);
    process.exitCode = failing.length ? 1 : 0;
  } finally {
    await server.stop();
    hello.stop();
  }
}

await main();
