/**
 * Memory under a mixed load: the server's resident set (RSS, from /proc) before
 * and after SECONDS of reads, writes and live sockets together, on the read benchmark's database
 * (a fresh copy). The load: 40 connections of reads (the lists, a search, question pages signed in
 * and out, the tag list, the original client's question page), 10 connections of writes at
 * WRITE_RATE a second in all (questions, answers over 500 questions, votes, chat messages, REST
 * answers), and SUBSCRIBERS WebSocket subscribers of the global chat, one of which is replaced every
 * half second (connections come and go). "Before" is taken after a WARMUP of the same load, once
 * caches, prepared statements and the JIT have settled, so growth is what the load itself keeps.
 * Target: RSS after under 1.2 × before.
 */
import autocannon, { type Request as AutocannonRequest } from 'autocannon';
import { readFileSync } from 'node:fs';
import superjson from 'superjson';
import type WebSocket from 'ws';
import { seededBenchDatabase, typicalQuestion } from './support/bench-database';
import { LOAD_SETTINGS, startBenchServer } from './support/server';
import { subscribe } from './support/subscriber';
import { recordSummary } from './support/summary';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_MEMORY_WARMUP_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 8393);
const READ_CONNECTIONS = 40;
const WRITE_CONNECTIONS = 10;
const WRITE_RATE = 50;
const SUBSCRIBERS = 200;
const CHURN_MS = 500;
const TARGET_GROWTH = 0.2;

const trpcGet = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`;
const trpcBody = (input: unknown) => JSON.stringify(superjson.serialize(input));
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const BROWSER = { accept: 'application/json', 'accept-encoding': 'br, gzip, deflate' };

/** The process's resident set in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const database = seededBenchDatabase(QUESTIONS, POSTS);
  const qid = typicalQuestion(database.databasePath);
  const step = Math.max(1, Math.floor(database.counts.questions / 500));
  const targets = Array.from({ length: 500 }, (_, i) => 1 + i * step);
  const server = await startBenchServer(database, PORT, LOAD_SETTINGS);
  const sockets = new Set<WebSocket>();
  try {
    const rssCold = rssMb(server.pid);
    const reader = await server.signUp('mem_reader');
    const writer = await server.signUp('mem_writer');
    const listener = await server.signUp('mem_listener');

    const reads: AutocannonRequest[] = [
      { path: trpcGet('question.list', { order: 'newest' }) },
      { path: trpcGet('question.list', { order: 'active' }) },
      { path: trpcGet('question.list', { order: 'newest', search: '[javascript] array' }) },
      { path: trpcGet('question.byId', { qid }) },
      { path: trpcGet('tag.list') },
      {
        path: trpcGet('question.list', { order: 'newest' }),
        headers: { ...BROWSER, cookie: reader },
      },
      { path: trpcGet('question.byId', { qid }), headers: { ...BROWSER, cookie: reader } },
      { path: `/question/getQuestionById/${qid}` },
    ].map((request) => ({ method: 'GET', headers: BROWSER, ...request }));
    const writeHeaders = { ...JSON_HEADERS, cookie: writer };
    const writes: AutocannonRequest[] = targets.flatMap((target, i) => [
      {
        method: 'POST',
        path: '/trpc/answer.create',
        headers: writeHeaders,
        body: trpcBody({ qid: target, text: `Answer ${i} of the memory bench.` }),
      },
      {
        method: 'POST',
        path: '/trpc/question.vote',
        headers: writeHeaders,
        body: trpcBody({ qid: target, vote: 'up' }),
      },
      {
        method: 'POST',
        path: '/trpc/message.send',
        headers: writeHeaders,
        body: trpcBody({ msg: `memory bench ${i}` }),
      },
      ...(i % 5 === 0
        ? [
            {
              method: 'POST' as const,
              path: '/trpc/question.create',
              headers: writeHeaders,
              body: trpcBody({
                title: `Memory bench question ${i}`,
                text: 'Does the server keep what it no longer needs?',
                tags: ['bench', 'memory'],
              }),
            },
            {
              method: 'POST' as const,
              path: '/answer/addAnswer',
              headers: writeHeaders,
              body: JSON.stringify({ qid: target, ans: { text: 'The original client answers.' } }),
            },
          ]
        : []),
    ]);

    const url = `${server.base.replace('http', 'ws')}/trpc`;
    let delivered = 0;
    const open = async () => {
      const ws = await subscribe(url, listener, () => delivered++);
      sockets.add(ws);
    };
    for (let i = 0; i < SUBSCRIBERS; i += 50)
      await Promise.all(Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, open));

    let churned = 0;
    let churnFailures = 0;
    /** SECONDS of the mixed load: reads, paced writes, and one subscriber replaced every CHURN_MS. */
    async function load(seconds: number, samples?: number[]) {
      let running = true;
      const churn = (async () => {
        while (running) {
          await sleep(CHURN_MS);
          const oldest = sockets.values().next().value;
          if (oldest) {
            sockets.delete(oldest);
            oldest.close();
          }
          await open().then(
            () => churned++,
            () => churnFailures++,
          );
        }
      })();
      const sampler = setInterval(() => samples?.push(rssMb(server.pid)), 1000);
      const [readResult, writeResult] = await Promise.all([
        autocannon({
          url: server.base,
          connections: READ_CONNECTIONS,
          duration: seconds,
          requests: reads,
        }),
        autocannon({
          url: server.base,
          connections: WRITE_CONNECTIONS,
          duration: seconds,
          overallRate: WRITE_RATE,
          requests: writes,
        }),
      ]);
      running = false;
      clearInterval(sampler);
      await churn;
      return { readResult, writeResult };
    }

    console.log(
      `\nwarm-up: ${WARMUP} s of the mixed load (${READ_CONNECTIONS} read connections, ${WRITE_RATE} writes/s, ${SUBSCRIBERS} subscribers)`,
    );
    await load(WARMUP);
    await sleep(2000);
    const rssBefore = rssMb(server.pid);
    const deliveredBefore = delivered;
    console.log(`RSS before: ${rssBefore.toFixed(1)} MB (at start ${rssCold.toFixed(1)} MB)`);

    const samples: number[] = [];
    const { readResult, writeResult } = await load(SECONDS, samples);
    await sleep(3000);
    const rssAfter = rssMb(server.pid);
    const growth = rssAfter / rssBefore - 1;
    const maxDuring = Math.max(...samples, rssAfter);
    const errors = (r: autocannon.Result) => r.errors + r.non2xx + r.timeouts;
    const readErrors = errors(readResult);
    const writeErrors = errors(writeResult);
    const pass = growth < TARGET_GROWTH && readErrors === 0 && writeErrors === 0;

    console.log(`\n${SECONDS} s of mixed load:`);
    console.log(
      `  reads  ${readResult.requests.average.toFixed(0)} req/s (p50 ${readResult.latency.p50} ms, p99 ${readResult.latency.p99} ms), ${readErrors} errors`,
    );
    console.log(
      `  writes ${writeResult.requests.average.toFixed(0)} req/s (p50 ${writeResult.latency.p50} ms, p99 ${writeResult.latency.p99} ms), ${writeErrors} errors`,
    );
    console.log(
      `  ${SUBSCRIBERS} subscribers: ${(delivered - deliveredBefore).toLocaleString('en-US')} messages delivered, ${churned} sockets replaced (${churnFailures} failed)`,
    );
    console.log(
      `  RSS ${rssBefore.toFixed(1)} MB → ${rssAfter.toFixed(1)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), highest ${maxDuring.toFixed(1)} MB`,
    );
    console.log(
      pass
        ? `\nPASS: RSS grew under ${TARGET_GROWTH * 100}% and no request failed`
        : `\nFAIL: target RSS growth under ${TARGET_GROWTH * 100}% with no errors`,
    );
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    recordSummary('memory', 5, [
      {
        part: 'memory',
        name: `RSS before → after ${SECONDS} s mixed load`,
        detail: `${mb(rssBefore)} → ${mb(rssAfter)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), highest ${mb(maxDuring)}; at start ${mb(rssCold)}`,
        target: `growth < ${TARGET_GROWTH * 100}%`,
        pass: growth < TARGET_GROWTH,
      },
      {
        part: 'memory',
        name: `  its reads (${READ_CONNECTIONS} connections)`,
        perSecond: readResult.requests.average,
        p50: readResult.latency.p50,
        p99: readResult.latency.p99,
        detail: `${readErrors} errors`,
      },
      {
        part: 'memory',
        name: `  its writes (${WRITE_RATE}/s offered)`,
        perSecond: writeResult.requests.average,
        p50: writeResult.latency.p50,
        p99: writeResult.latency.p99,
        detail: `${writeErrors} errors; ${SUBSCRIBERS} chat subscribers, ${churned} replaced`,
      },
    ]);
    process.exitCode = pass ? 0 : 1;
  } finally {
    for (const ws of sockets) ws.close();
    await server.stop();
  }
}

await main();
