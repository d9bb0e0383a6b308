/**
 * Cross-process delivery latency: two server processes on one SQLite file (support/server-pair.ts),
 * one writer posting to the global chat through process A, SUBSCRIBERS WebSocket subscribers of
 * message.onMessage on process B (and one on A, for the same-process figure beside it). One message
 * every INTERVAL ms, each sent after the previous one's answer, MESSAGES of them; each arrival on B
 * is timed from just before its post was sent, and from its acknowledgement (the answer of the
 * post; negative when B had it first). Run twice: without Redis (the processes notice each other's
 * writes through the database) and with a redis-server of the bench's own on a free port
 * (startTestRedis of packages/api's tests, REDIS_URL on both). Targets, each run: p99 from the send
 * under 100 ms on B, 0 lost.
 */
import type WebSocket from 'ws';
import { startTestRedis } from '../packages/api/test/support/redis-server';
import { percentile } from './support/percentile';
import { startServerPair } from './support/server-pair';
import { recordSummary, type SummaryRow } from './support/summary';
import { subscribe } from './support/subscriber';

const SUBSCRIBERS = Number(process.env.BENCH_CROSS_SUBSCRIBERS ?? 50);
const MESSAGES = Number(process.env.BENCH_CROSS_MESSAGES ?? 100);
const INTERVAL_MS = 50;
const PORT = Number(process.env.BENCH_CROSS_PORT ?? 8397);
const TARGET_P99_MS = 100;
const GRACE_MS = 2000;

interface Figures {
  p50: number;
  p99: number;
  max: number;
}

interface Outcome {
  mode: string;
  fromSend: Figures;
  fromAck: Figures;
  sameProcess: Figures;
  delivered: number;
  lost: number;
  redis: string;
}

const figuresOf = (values: number[]): Figures => {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
};

/** What each process's /healthz says of Redis ('off', 'up' or 'down'). */
async function redisStates(bases: string[]): Promise<string> {
  const states = await Promise.all(
    bases.map(async (base) => {
      const res = await fetch(`${base}/healthz`, { headers: { accept: 'application/json' } });
      return ((await res.json()) as { redis?: string }).redis ?? '?';
    }),
  );
  return `Redis ${states.join('/')}`;
}

async function measure(mode: string, env: Record<string, string>): Promise<Outcome> {
  const pair = await startServerPair(PORT, env);
  try {
    const { a, b } = pair;
    const redis = await redisStates([a.base, b.base]);
    const writer = await a.signUp('writer');
    const listener = await a.signUp('listener');
    const sentAt: number[] = [];
    const ackAt: number[] = [];
    const arrivals: { seq: number; at: number }[] = [];
    const sameProcess: number[] = [];
    const seqOf = (msg: string) => Number(/^cross (\d+)$/.exec(msg)?.[1] ?? -1);
    const clients: WebSocket[] = await Promise.all(
      Array.from({ length: SUBSCRIBERS }, () =>
        subscribe(`${b.base.replace('http', 'ws')}/trpc`, listener, (msg) => {
          const seq = seqOf(msg);
          if (sentAt[seq] !== undefined) arrivals.push({ seq, at: performance.now() });
        }),
      ),
    );
    clients.push(
      await subscribe(`${a.base.replace('http', 'ws')}/trpc`, listener, (msg) => {
        const at = sentAt[seqOf(msg)];
        if (at !== undefined) sameProcess.push(performance.now() - at);
      }),
    );

    for (let seq = 0; seq < MESSAGES; seq++) {
      const started = performance.now();
      sentAt[seq] = started;
      await a.mutate('message.send', { msg: `cross ${seq}` }, writer);
      ackAt[seq] = performance.now();
      await new Promise((r) => setTimeout(r, Math.max(0, started + INTERVAL_MS - ackAt[seq]!)));
    }
    await new Promise((r) => setTimeout(r, GRACE_MS));
    for (const ws of clients) ws.close();

    return {
      mode,
      fromSend: figuresOf(arrivals.map(({ seq, at }) => at - sentAt[seq]!)),
      fromAck: figuresOf(arrivals.map(({ seq, at }) => at - ackAt[seq]!)),
      sameProcess: figuresOf(sameProcess),
      delivered: arrivals.length,
      lost: MESSAGES * SUBSCRIBERS - arrivals.length,
      redis,
    };
  } finally {
    await pair.stop();
  }
}

async function main() {
  const outcomes = [await measure('without Redis', {})];
  const redis = await startTestRedis();
  try {
    outcomes.push(
      await measure('with Redis', { REDIS_URL: redis.url, REDIS_PREFIX: 'bench-cross:' }),
    );
  } finally {
    await redis.stop();
  }

  const ms = (n: number) => n.toFixed(1).padStart(9);
  console.log(
    `\n${MESSAGES} messages through A, one every ${INTERVAL_MS} ms; ${SUBSCRIBERS} subscribers on B, 1 on A; ms\n`,
  );
  console.log(
    ''.padEnd(30),
    ['send→B p50', 'p99', 'max', 'ack→B p50', 'p99', 'delivered', 'lost', 'send→A p50', 'p99']
      .map((title) => title.padStart(9))
      .join(' '),
  );
  for (const o of outcomes)
    console.log(
      `${o.mode} (${o.redis})`.padEnd(30),
      [
        ms(o.fromSend.p50),
        ms(o.fromSend.p99),
        ms(o.fromSend.max),
        ms(o.fromAck.p50),
        ms(o.fromAck.p99),
        String(o.delivered).padStart(9),
        String(o.lost).padStart(9),
        ms(o.sameProcess.p50),
        ms(o.sameProcess.p99),
      ].join(' '),
    );
  const rows: SummaryRow[] = outcomes.map((o) => ({
    part: 'two processes',
    name: `cross-process delivery, ${o.mode} (A writes, ${SUBSCRIBERS} subscribers on B)`,
    perSecond: o.delivered / ((MESSAGES * INTERVAL_MS) / 1000),
    p50: o.fromSend.p50,
    p99: o.fromSend.p99,
    detail: `from the send; from the ack p50 ${o.fromAck.p50.toFixed(1)}, p99 ${o.fromAck.p99.toFixed(1)} ms; same process p99 ${o.sameProcess.p99.toFixed(1)} ms; ${o.delivered} delivered, ${o.lost} lost; ${o.redis}`,
    target: `p99 < ${TARGET_P99_MS} ms, 0 lost`,
    pass: o.fromSend.p99 < TARGET_P99_MS && o.lost === 0,
  }));
  recordSummary('cross-process', 8, rows);
  const failing = rows.filter((row) => !row.pass);
  console.log(
    failing.length
      ? `\nFAIL: target p99 < ${TARGET_P99_MS} ms from the send with 0 lost, missed ${failing.map((row) => row.name).join('; ')}`
      : `\nPASS: p99 < ${TARGET_P99_MS} ms from the send and no message lost, with Redis and without`,
  );
  process.exitCode = failing.length ? 1 : 0;
}

await main();
