/**
 * The global chat's fan-out across two server processes on one SQLite file (the same DATABASE_PATH
 * and SESSION_SECRET, two ports, no Redis: the processes ring each other's doorbell through the
 * database): CLIENTS WebSocket subscribers of message.onMessage, half on each process, and one
 * message posted through the first process every INTERVAL ms for SECONDS s (rotating among a few
 * posters). Every delivery to every subscriber is counted and timed from just before its post was
 * sent. Targets: p99 under 250 ms over all deliveries, 0 lost.
 */
import type WebSocket from 'ws';
import { startServerPair } from './support/server-pair';
import { percentile } from './support/percentile';
import { recordSummary } from './support/summary';
import { subscribe } from './support/subscriber';

const CLIENTS = Number(process.env.BENCH_CLUSTER_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INTERVAL_MS = 100;
const POSTERS = 20;
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 8395);
const TARGET_P99_MS = 250;
const GRACE_MS = 3000;

async function main() {
  const pair = await startServerPair(PORT);
  try {
    const { a, b } = pair;
    const listener = await a.signUp('listener');
    const posters = await Promise.all(
      Array.from({ length: POSTERS }, (_, i) => a.signUp(`poster${i}`)),
    );

    const sentAt = new Map<number, number>();
    // Per process: its subscribers' latencies, and per subscriber how many arrived.
    const sides = [a, b].map((server, side) => ({
      label: side === 0 ? 'A (the writer’s process)' : 'B (the other process)',
      url: `${server.base.replace('http', 'ws')}/trpc`,
      count: Math.ceil(CLIENTS / 2) - side * (CLIENTS % 2),
      latencies: [] as number[],
      received: [] as number[],
    }));
    const clients: WebSocket[] = [];
    for (const side of sides) {
      side.received = new Array<number>(side.count).fill(0);
      // Open in batches: five hundred handshakes at once would measure the accept queue instead.
      for (let start = 0; start < side.count; start += 100) {
        const batch = Array.from({ length: Math.min(100, side.count - start) }, (_, j) => {
          const index = start + j;
          return subscribe(side.url, listener, (msg) => {
            const at = sentAt.get(Number(/^bench (\d+)$/.exec(msg)?.[1]));
            if (at === undefined) return;
            side.latencies.push(performance.now() - at);
            side.received[index]! += 1;
          });
        });
        clients.push(...(await Promise.all(batch)));
      }
    }
    console.log(
      `\n${CLIENTS} WebSocket clients subscribed to the global chat: ${sides[0]!.count} on A (port ${PORT}), ${sides[1]!.count} on B (port ${PORT + 1}), one database`,
    );

    const total = Math.round((SECONDS * 1000) / INTERVAL_MS);
    const posts: Promise<unknown>[] = [];
    for (let seq = 0; seq < total; seq++) {
      sentAt.set(seq, performance.now());
      posts.push(a.mutate('message.send', { msg: `bench ${seq}` }, posters[seq % POSTERS]));
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
    await Promise.all(posts);
    await new Promise((r) => setTimeout(r, GRACE_MS));
    for (const ws of clients) ws.close();

    console.log(
      `${total} messages through A (one every ${INTERVAL_MS} ms), ${total * CLIENTS} deliveries expected\n`,
    );
    console.log('delivery latency            p50 ms  p99 ms  max ms   delivered      lost');
    const line = (label: string, latencies: number[], expected: number) => {
      const sorted = [...latencies].sort((x, y) => x - y);
      const figures = {
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
        delivered: sorted.length,
        lost: expected - sorted.length,
      };
      console.log(
        label.padEnd(27),
        figures.p50.toFixed(0).padStart(6),
        figures.p99.toFixed(0).padStart(7),
        figures.max.toFixed(0).padStart(7),
        String(figures.delivered).padStart(11),
        String(figures.lost).padStart(9),
      );
      return figures;
    };
    const perSide = sides.map((side) => line(side.label, side.latencies, total * side.count));
    const all = line(
      'both',
      sides.flatMap((side) => side.latencies),
      total * CLIENTS,
    );
    const pass = all.p99 < TARGET_P99_MS && all.lost === 0;
    const fewest = Math.min(...sides.flatMap((side) => side.received));
    console.log(
      pass
        ? `\nPASS: p99 < ${TARGET_P99_MS} ms and no message lost`
        : `\nFAIL: target p99 < ${TARGET_P99_MS} ms with 0 lost (fewest received by one client: ${fewest} of ${total})`,
    );
    recordSummary('cluster-fanout', 7, [
      {
        part: 'two processes',
        name: `global chat fan-out to ${CLIENTS.toLocaleString('en-US')} subscribers, half on each of 2 processes`,
        perSecond: all.delivered / SECONDS,
        p50: all.p50,
        p99: all.p99,
        detail: `${total} messages through A, ${all.delivered.toLocaleString('en-US')} delivered, ${all.lost} lost; p99 on A ${perSide[0]!.p99.toFixed(0)} ms, on B ${perSide[1]!.p99.toFixed(0)} ms; max ${all.max.toFixed(0)} ms`,
        target: `p99 < ${TARGET_P99_MS} ms, 0 lost`,
        pass,
      },
    ]);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await pair.stop();
  }
}

await main();
