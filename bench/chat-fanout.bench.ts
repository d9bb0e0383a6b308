/**
 * The global chat under fan-out: CLIENTS WebSocket clients subscribed to message.onMessage on one
 * server; one message posted every INTERVAL ms for SECONDS s (rotating among a few posters so no one
 * hits the per-user send limit). Prints p50 / p99 / max delivery latency over all deliveries and how
 * many deliveries never arrived. Targets: p99 under 250 ms, 0 lost.
 */
import type WebSocket from 'ws';
import { benchDatabase, LOAD_SETTINGS, startBenchServer } from './support/server';
import { recordSummary } from './support/summary';
import { subscribe } from './support/subscriber';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INTERVAL_MS = 100;
const POSTERS = 20;
const PORT = Number(process.env.BENCH_CHAT_PORT ?? 8391);
const TARGET_P99_MS = 250;
const GRACE_MS = 3000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

async function main() {
  // 1,000 sockets on one session and one address, and 21 sign-ups from one address: over the
  // default caps and sign-up limit (README settings), raised here as a load test should.
  const server = await startBenchServer(benchDatabase(), PORT, LOAD_SETTINGS);
  try {
    const listener = await server.signUp('listener');
    const posters = await Promise.all(
      Array.from({ length: POSTERS }, (_, i) => server.signUp(`poster${i}`)),
    );

    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const received = new Array<number>(CLIENTS).fill(0);
    const url = `${server.base.replace('http', 'ws')}/trpc`;
    const clients: WebSocket[] = [];
    // Open in batches: a thousand handshakes at once would measure the accept queue instead.
    for (let start = 0; start < CLIENTS; start += 100) {
      const batch = Array.from({ length: Math.min(100, CLIENTS - start) }, (_, j) => {
        const index = start + j;
        return subscribe(url, listener, (msg) => {
          const seq = Number(/^bench (\d+)$/.exec(msg)?.[1]);
          const at = sentAt.get(seq);
          if (at === undefined) return;
          latencies.push(performance.now() - at);
          received[index]! += 1;
        });
      });
      clients.push(...(await Promise.all(batch)));
    }
    console.log(`\n${CLIENTS} WebSocket clients subscribed to the global chat`);

    const total = Math.round((SECONDS * 1000) / INTERVAL_MS);
    const posts: Promise<unknown>[] = [];
    for (let seq = 0; seq < total; seq++) {
      sentAt.set(seq, performance.now());
      posts.push(server.mutate('message.send', { msg: `bench ${seq}` }, posters[seq % POSTERS]));
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
    await Promise.all(posts);
    await new Promise((r) => setTimeout(r, GRACE_MS));
    for (const ws of clients) ws.close();

    const expected = total * CLIENTS;
    const lost = expected - latencies.length;
    const sorted = latencies.sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const max = sorted.at(-1) ?? 0;
    console.log(
      `${total} messages (one every ${INTERVAL_MS} ms), ${expected} deliveries expected\n`,
    );
    console.log('delivery latency    p50 ms  p99 ms  max ms   delivered      lost');
    console.log(
      'global chat'.padEnd(19),
      p50.toFixed(0).padStart(6),
      p99.toFixed(0).padStart(7),
      max.toFixed(0).padStart(7),
      String(latencies.length).padStart(11),
      String(lost).padStart(9),
    );
    const pass = p99 < TARGET_P99_MS && lost === 0;
    console.log(
      pass
        ? `\nPASS: p99 < ${TARGET_P99_MS} ms and no message lost`
        : `\nFAIL: target p99 < ${TARGET_P99_MS} ms with 0 lost (fewest received by one client: ${Math.min(...received)})`,
    );
    recordSummary('chat-fanout', 3, [
      {
        part: 'WebSocket',
        name: `global chat fan-out to ${CLIENTS.toLocaleString('en-US')} subscribers`,
        perSecond: latencies.length / SECONDS,
        p50,
        p99,
        detail: `${total} messages, ${latencies.length.toLocaleString('en-US')} delivered, ${lost} lost; max ${max.toFixed(0)} ms`,
        target: `p99 < ${TARGET_P99_MS} ms, 0 lost`,
        pass,
      },
    ]);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.stop();
  }
}

await main();
