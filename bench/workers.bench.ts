/**
 * WORKERS=1 against WORKERS=2 (node:cluster, one port) on this machine: the same read (the first
 * page of the newest questions, signed out) and the same write (answer.create by several users over
 * questions spread across the database) against a server started with WORKERS=1, then one started
 * with WORKERS=2, each on a fresh copy of the read benchmark's database, at 50 connections. Under
 * WORKERS=2 the primary's balancer hands each connection to a worker and the worker closes it after
 * its answer, so the load goes through Node's http client (support/agent-round.ts), which opens a
 * connection again when the server closes one; the bare node:http slices beside each round go
 * through the same client. Prints req/s of each and WORKERS=2 ÷ WORKERS=1 (no target: how much a
 * second process brings depends on the cores left over by the load generator). Target: no errors.
 */
import superjson from 'superjson';
import { agentRound, type AgentRequest } from './support/agent-round';
import { seededBenchDatabase } from './support/bench-database';
import { CONNECTIONS, median, SLICES, startHelloServer, type Round } from './support/load';
import { LOAD_SETTINGS, startBenchServer } from './support/server';
import { recordSummary, type SummaryRow } from './support/summary';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const PORT = Number(process.env.BENCH_WORKERS_PORT ?? 8394);
const HELLO_PORT = PORT + 10;
const WRITERS = 10;
/**
 * Before each round: long enough for every worker's JIT and caches (each worker sees its share of
 * the warm-up only; after one second WORKERS=2 still ran a third faster each slice).
 */
const WARMUP_SECONDS = 3;
/** Answers go to this many questions across the database, in turn. */
const SPREAD = 500;
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip, deflate' };
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

const trpcBody = (input: unknown) => JSON.stringify(superjson.serialize(input));
const READ_PATH = `/trpc/question.list?input=${encodeURIComponent(trpcBody({ order: 'newest' }))}`;

/** One measured round: a kind of request on a server of `workers` processes. */
interface Measured {
  kind: 'read' | 'write';
  workers: number;
  /** The client asked for a new connection per request (`connection: close`). */
  closeEach: boolean;
  result: Round;
  /** Bare node:http's slices beside it, through the same client. */
  hello: Round;
}

const combine = (slices: Round[]): Round => ({
  rps: slices.reduce((sum, r) => sum + r.rps, 0) / slices.length,
  p50: median(slices.map((r) => r.p50)),
  p99: median(slices.map((r) => r.p99)),
  max: Math.max(...slices.map((r) => r.max)),
  errors: slices.reduce((sum, r) => sum + r.errors, 0),
});

/**
 * A server of `workers` processes on a fresh copy of the database; the read's rounds, then the
 * write's, once per entry of `closeEach` (under WORKERS=1 also with a new connection per request,
 * which shows what WORKERS=2's closing costs apart from the second process).
 */
async function measure(
  workers: number,
  helloUrl: string,
  closeEach: boolean[],
): Promise<Measured[]> {
  const database = seededBenchDatabase(QUESTIONS, POSTS);
  const step = Math.max(1, Math.floor(database.counts.questions / SPREAD));
  const targets = Array.from({ length: SPREAD }, (_, i) => 1 + i * step);
  const server = await startBenchServer(database, PORT, {
    ...LOAD_SETTINGS,
    WORKERS: String(workers),
  });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < WRITERS; i++) cookies.push(await server.signUp(`writer${workers}_${i}`));
    const requests = {
      read: (): AgentRequest => ({ method: 'GET', path: READ_PATH, headers: BROWSER_HEADERS }),
      write: (n: number): AgentRequest => ({
        method: 'POST',
        path: '/trpc/answer.create',
        headers: { ...JSON_HEADERS, cookie: cookies[n % WRITERS]! },
        body: trpcBody({
          qid: targets[Math.floor(n / WRITERS) % targets.length],
          text: 'Measure it under load, then read the p99.',
        }),
      }),
    };
    // Both must answer correctly before they are measured.
    for (const request of [requests.read(), requests.write(0)]) {
      const res = await fetch(server.base + request.path, request);
      if (!res.ok) throw new Error(`${request.path} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
    const hello = () => agentRound(helloUrl, 1, () => ({ method: 'GET', path: '' }));
    const measured: Measured[] = [];
    for (const kind of ['read', 'write'] as const) {
      for (const close of closeEach) {
        const next = (n: number): AgentRequest => {
          const request = requests[kind](n);
          return close
            ? { ...request, headers: { ...request.headers, connection: 'close' } }
            : request;
        };
        // A warm-up, then the slices in turn with bare node:http's.
        await agentRound(server.base, WARMUP_SECONDS, next);
        const route: Round[] = [];
        const bare: Round[] = [];
        for (let i = 0; i < SLICES; i++) {
          bare.push(await hello());
          route.push(await agentRound(server.base, 1, next));
        }
        measured.push({
          kind,
          workers,
          closeEach: close,
          result: combine(route),
          hello: combine(bare),
        });
      }
    }
    return measured;
  } finally {
    await server.stop();
  }
}

const nameOf = (m: Measured) =>
  `${m.kind === 'read' ? 'question.list newest' : `answer.create by ${WRITERS} users`}, WORKERS=${m.workers}${m.closeEach ? ', a connection each' : ''}`;

async function main() {
  const hello = await startHelloServer(HELLO_PORT);
  try {
    const measured = [
      ...(await measure(1, hello.url, [false, true])),
      ...(await measure(2, hello.url, [false])),
    ];
    const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);
    console.log(
      `\n${QUESTIONS.toLocaleString('en')} questions; ${CONNECTIONS} connections through Node's http client; ${SLICES} 1-s slices each, alternating with bare node:http's\n`,
    );
    console.log('round'.padEnd(58), '   req/s', 'p50 ms', 'p99 ms', '÷ node:http', 'errors');
    const ordered = [...measured].sort((x, y) => x.kind.localeCompare(y.kind));
    for (const m of ordered)
      console.log(
        nameOf(m).padEnd(58),
        fmt(m.result.rps, 8),
        fmt(m.result.p50, 6),
        fmt(m.result.p99, 6),
        fmt(m.result.rps / Math.max(m.hello.rps, 1), 11, 2),
        fmt(m.result.errors, 6),
      );
    const rpsOf = (kind: Measured['kind'], workers: number) =>
      measured.find((m) => m.kind === kind && m.workers === workers && !m.closeEach)?.result.rps ??
      0;
    const ratioOf = (kind: Measured['kind']) => rpsOf(kind, 2) / Math.max(rpsOf(kind, 1), 1);
    console.log(
      `\nWORKERS=2 ÷ WORKERS=1: reads ${ratioOf('read').toFixed(2)}, writes ${ratioOf('write').toFixed(2)}`,
    );
    const rows: SummaryRow[] = ordered.map((m) => ({
      part: 'WORKERS',
      name: nameOf(m),
      perSecond: m.result.rps,
      p50: m.result.p50,
      p99: m.result.p99,
      ratio: m.result.rps / Math.max(m.hello.rps, 1),
      detail: [
        m.workers === 2 ? `${ratioOf(m.kind).toFixed(2)}× WORKERS=1` : '',
        m.result.errors ? `${m.result.errors} errors` : '',
      ]
        .filter(Boolean)
        .join('; '),
      target: 'no errors',
      pass: m.result.errors === 0,
    }));
    recordSummary('workers', 6, rows);
    const failing = rows.filter((row) => !row.pass).map((row) => row.name);
    console.log(
      failing.length
        ? `\nFAIL: errors on ${failing.join(', ')}`
        : '\nPASS: every read and write answered without errors',
    );
    process.exitCode = failing.length ? 1 : 0;
  } finally {
    hello.stop();
  }
}

await main();
