import { broadcasts, type Db } from '@app/db';
import { asc, gt, lt, max, sql } from 'drizzle-orm';
import superjson from 'superjson';
import { perDb } from '../core/prepared';
import type { Shared } from '../core/shared';

/**
 * Ephemeral messages (a cursor, who is here) on their way to the other processes: through Redis
 * pub/sub while it is up, else through the `broadcasts` table, which every process tails when the
 * doorbell rings. Never stored for long, never replayed to a client: who is not listening misses it.
 */
export interface BroadcastWire {
  /** Sends one message to the other processes (this one has handed it to its own listeners). */
  send(topic: string, key: string, payload: unknown): Promise<void>;
  /** Reads what other processes sent through the table since the last call. */
  readTable(): void;
  close(): Promise<void>;
}

/** Rows older than this are swept: a process that has not read them by then was not listening. */
export const BROADCAST_KEEP_MS = 60_000;
const SWEEP_EVERY_MS = 10_000;

interface Wire {
  origin: string;
  topic: string;
  key: string;
  payload: string;
}

const after = perDb((db) =>
  db
    .select({
      id: broadcasts.id,
      origin: broadcasts.origin,
      topic: broadcasts.topic,
      key: broadcasts.key,
      payload: broadcasts.payload,
    })
    .from(broadcasts)
    .where(gt(broadcasts.id, sql.placeholder('after')))
    .orderBy(asc(broadcasts.id))
    .limit(1000)
    .prepare(),
);

export function createBroadcastWire(
  db: Db,
  shared: Shared,
  redisUp: () => boolean,
  hand: (topic: string, key: string, payload: unknown) => void,
): BroadcastWire {
  const lone = db.$client.memory;
  const channel = `${shared.redisPrefix}broadcast`;
  let last = lone
    ? 0
    : (db
        .select({ id: max(broadcasts.id) })
        .from(broadcasts)
        .get()?.id ?? 0);

  const receive = (wire: Wire) => {
    if (wire.origin === shared.processId) return;
    try {
      hand(wire.topic, wire.key, superjson.parse(wire.payload));
    } catch (error) {
      console.error(`a broadcast on ${wire.topic} could not be read:`, error);
    }
  };

  let subscriber: ReturnType<NonNullable<Shared['redis']>['duplicate']> | null = null;
  if (shared.redis && !lone) {
    const sub = shared.redis.duplicate();
    subscriber = sub;
    sub.on('error', () => {});
    sub.on('ready', () => void sub.subscribe(channel).catch(() => {}));
    sub.on('message', (_channel: string, text: string) => {
      try {
        receive(JSON.parse(text) as Wire);
      } catch {
        // Not ours: another program on the channel.
      }
    });
  }

  const sweeper = lone
    ? null
    : setInterval(() => {
        if (!db.$client.open) return void clearInterval(sweeper ?? undefined);
        db.$writer
          .transaction((tx) =>
            tx
              .delete(broadcasts)
              .where(lt(broadcasts.createdAt, new Date(Date.now() - BROADCAST_KEEP_MS))),
          )
          .catch((error: unknown) => console.error('sweeping old broadcasts failed:', error));
      }, SWEEP_EVERY_MS);
  sweeper?.unref();

  return {
    async send(topic, key, payload) {
      if (lone) return;
      const wire: Wire = {
        origin: shared.processId,
        topic,
        key,
        payload: superjson.stringify(payload),
      };
      if (shared.redis && redisUp()) {
        await shared.redis.publish(channel, JSON.stringify(wire)).catch(() => insert(wire));
      } else await insert(wire);
    },
    readTable() {
      if (lone) return;
      for (;;) {
        const rows = after(db).all({ after: last });
        for (const row of rows) {
          last = row.id;
          receive(row);
        }
        if (rows.length < 1000) return;
      }
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      subscriber?.disconnect();
    },
  };

  async function insert(wire: Wire) {
    await db.$writer.transaction((tx) =>
      tx.insert(broadcasts).values({ ...wire, createdAt: new Date() }),
    );
  }
}
