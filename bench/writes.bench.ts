/**
 * Writes under load, on the read benchmark's database (100,000 questions and
 * 1,000,000 answers, comments and votes; a fresh copy): asking (question.create), answering
 * (answer.create and the original client's POST /answer/addAnswer) and voting on questions spread
 * over the whole database, and the global chat (message.send, no subscribers here: fan-out has its
 * own bench), plus the original client's GET /question/getQuestionById read. 50 connections, one
 * signed-in user per route, every write a transaction with its outbox event and the limits counted
 * (raised: support/server.ts LOAD_SETTINGS). Each route's 1-s slices alternate with 1-s slices of a
 * bare node:http server, as in questions-list.bench.ts. Target: no errors (writes share one SQLite
 * writer, so their rates are printed, not held to a ratio).
 */
import superjson from 'superjson';
import type { Request as AutocannonRequest } from 'autocannon';
import { seededBenchDatabase, typicalQuestion } from './support/bench-database';
import {
  alternating,
  CONNECTIONS,
  round,
  SLICES,
  startHelloServer,
  type Round,
} from './support/load';
import { LOAD_SETTINGS, startBenchServer } from './support/server';
import { recordSummary } from './support/summary';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const PORT = Number(process.env.BENCH_WRITES_PORT ?? 8392);
const HELLO_PORT = PORT + 10;
/** Answers and votes go to this many questions across the database, in turn. */
const SPREAD = 500;

interface WriteRoute {
  part: 'tRPC write' | 'REST write' | 'REST read';
  name: string;
  requests: AutocannonRequest[];
}

const trpcBody = (input: unknown) => JSON.stringify(superjson.serialize(input));
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** The same questions every run: every 200th question or so, from the whole range. */
function spreadQuestionIds(count: number): number[] {
  const step = Math.max(1, Math.floor(count / SPREAD));
  return Array.from({ length: Math.min(SPREAD, count) }, (_, i) => 1 + i * step);
}

async function main() {
  const database = seededBenchDatabase(QUESTIONS, POSTS);
  const qid = typicalQuestion(database.databasePath);
  const targets = spreadQuestionIds(database.counts.questions);
  const hello = await startHelloServer(HELLO_PORT);
  const server = await startBenchServer(database, PORT, LOAD_SETTINGS);
  try {
    const cookieOf = async (name: string) => ({ cookie: await server.signUp(name) });
    const routes: WriteRoute[] = [
      {
        part: 'tRPC write',
        name: 'question.create',
        requests: [
          {
            method: 'POST',
            path: '/trpc/question.create',
            headers: { ...JSON_HEADERS, ...(await cookieOf('asker')) },
            body: trpcBody({
              title: 'How do I measure writes per second?',
              text: 'A load test asks this question again and again.',
              tags: ['bench', 'sqlite'],
            }),
          },
        ],
      },
      {
        part: 'tRPC write',
        name: `answer.create (${targets.length} questions in turn)`,
        requests: await (async () => {
          const headers = { ...JSON_HEADERS, ...(await cookieOf('answerer')) };
          return targets.map((target) => ({
            method: 'POST' as const,
            path: '/trpc/answer.create',
            headers,
            body: trpcBody({ qid: target, text: 'Measure it under load, then read the p99.' }),
          }));
        })(),
      },
      {
        part: 'tRPC write',
        name: `question.vote (${targets.length} questions in turn)`,
        requests: await (async () => {
          const headers = { ...JSON_HEADERS, ...(await cookieOf('voter')) };
          return targets.map((target) => ({
            method: 'POST' as const,
            path: '/trpc/question.vote',
            headers,
            body: trpcBody({ qid: target, vote: 'up' }),
          }));
        })(),
      },
      {
        part: 'tRPC write',
        name: 'message.send (global chat)',
        requests: [
          {
            method: 'POST',
            path: '/trpc/message.send',
            headers: { ...JSON_HEADERS, ...(await cookieOf('chatter')) },
            body: trpcBody({ msg: 'hello from the load test' }),
          },
        ],
      },
      {
        part: 'REST write',
        name: `POST /answer/addAnswer (${targets.length} questions in turn)`,
        requests: await (async () => {
          const headers = { ...JSON_HEADERS, ...(await cookieOf('rest_answerer')) };
          return targets.map((target) => ({
            method: 'POST' as const,
            path: '/answer/addAnswer',
            headers,
            body: JSON.stringify({ qid: target, ans: { text: 'The original client answers.' } }),
          }));
        })(),
      },
      {
        part: 'REST read',
        name: 'GET /question/getQuestionById (question page)',
        requests: [
          {
            method: 'GET',
            path: `/question/getQuestionById/${qid}`,
            headers: { accept: 'application/json', 'accept-encoding': 'br, gzip, deflate' },
          },
        ],
      },
    ];

    // Each route must answer correctly before it is measured.
    for (const route of routes) {
      const first = route.requests[0]!;
      const res = await fetch(server.base + first.path, {
        method: first.method,
        headers: first.headers as Record<string, string>,
        body: first.body as string | undefined,
      });
      if (!res.ok) throw new Error(`${route.name} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }

    const rows: { route: WriteRoute; result: Round; hello: Round }[] = [];
    for (const route of routes) {
      const measure = (url: string, seconds: number) =>
        round(url, seconds, {}, 10, { requests: route.requests });
      await measure(server.base, 1);
      rows.push({ route, ...(await alternating(server.base, hello.url, {}, 1, measure)) });
    }

    const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);
    console.log(
      `\n${database.counts.questions.toLocaleString('en')} questions; ${CONNECTIONS} connections; per route ${SLICES} 1-s slices alternating with 1-s slices of bare node:http\n`,
    );
    console.log(
      'route'.padEnd(56),
      '   req/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      '÷ node:http',
      'errors',
    );
    for (const { route, result, hello: h } of rows) {
      console.log(
        route.name.padEnd(56),
        fmt(result.rps, 8),
        fmt(result.p50, 6),
        fmt(result.p99, 6),
        fmt(result.max, 6),
        fmt(result.rps / Math.max(h.rps, 1), 11, 2),
        fmt(result.errors, 6),
      );
    }
    const failing = rows.filter((row) => row.result.errors > 0).map((row) => row.route.name);
    recordSummary(
      'writes',
      2,
      rows.map(({ route, result, hello: h }) => ({
        part: route.part,
        name: route.name,
        perSecond: result.rps,
        p50: result.p50,
        p99: result.p99,
        ratio: result.rps / Math.max(h.rps, 1),
        detail: result.errors ? `${result.errors} errors` : '',
        target: 'no errors',
        pass: result.errors === 0,
      })),
    );
    console.log(
      failing.length
        ? `\nFAIL: errors on ${failing.join(', ')}`
        : '\nPASS: every write and read answered without errors',
    );
    process.exitCode = failing.length ? 1 : 0;
  } finally {
    await server.stop();
    hello.stop();
  }
}

await main();
