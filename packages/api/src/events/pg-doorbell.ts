import { OUTBOX_CHANNEL } from '@app/db/pg';
import type { Redis } from 'ioredis';
import type { Pool, PoolClient } from 'pg';
import type { Shared } from '../core/shared';

/**
 * How a process on PostgreSQL hears that another committed events, and hands ephemeral messages to
 * the others: never the events themselves (the outbox holds them), only a ring that says "read
 * the outbox again".
 *
 * - Without Redis, PostgreSQL's LISTEN/NOTIFY: the outbox's append notifies its channel, sent by
 *   the commit itself (never for a rollback); an ephemeral message is a notification of its own.
 * - With Redis (REDIS_URL), Redis pub/sub, as on SQLite: the process that committed publishes a
 *   ring after delivering its own events.
 * Either way a look at the outbox now and then makes up for a ring lost with its connection.
 */
export interface PgDoorbell {
  /** Tells the others that this process committed events (Redis only: PostgreSQL tells them itself). */
  ring(): void;
  /** Sends an ephemeral message's wire text to the other processes. */
  send(text: string): Promise<void>;
  /** Whether Redis carries the rings now. */
  redisUp(): boolean;
  close(): void;
}

export interface PgDoorbellHandlers {
  /** Another process committed events (the last id when known). */
  rang(lastId: number | null): void;
  /** Another process sent an ephemeral message (its wire text). */
  message(text: string): void;
}

/** The channel of ephemeral messages on PostgreSQL, never stored. */
const BROADCAST_CHANNEL = 'qa_broadcast';
/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7900;
const RECONNECT_MS = 500;

export async function createPgDoorbell(
  pool: Pool,
  shared: Shared,
  on: PgDoorbellHandlers,
): Promise<PgDoorbell> {
  return shared.redis ? redisDoorbell(shared.redis, shared, on) : listenDoorbell(pool, on);
}

async function listenDoorbell(pool: Pool, on: PgDoorbellHandlers): Promise<PgDoorbell> {
  let listener: PoolClient | null = null;
  let closed = false;
  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel === OUTBOX_CHANNEL) on.rang(Number(message.payload) || null);
    else if (message.channel === BROADCAST_CHANNEL && message.payload) on.message(message.payload);
  };
  const stop = () => {
    const client = listener;
    listener = null;
    client?.removeAllListeners('notification');
    client?.release(true);
  };
  // One connection of the pool listens for the process, and comes back when it is lost.
  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      const client = await pool.connect();
      client.on('notification', onNotification);
      client.on('error', () => {
        if (listener !== client) return;
        listener = null;
        client.release(true);
        setTimeout(() => void listen(), RECONNECT_MS).unref();
      });
      await client.query(`listen ${OUTBOX_CHANNEL}`);
      await client.query(`listen ${BROADCAST_CHANNEL}`);
      listener = client;
      if (closed) return stop();
      // What was committed while nobody listened.
      on.rang(null);
    } catch {
      setTimeout(() => void listen(), RECONNECT_MS).unref();
    }
  };
  await listen();
  return {
    ring() {},
    async send(text) {
      await pool.query('select pg_notify($1, $2)', [BROADCAST_CHANNEL, text]);
    },
    redisUp: () => false,
    close() {
      closed = true;
      stop();
    },
  };
}

function redisDoorbell(publisher: Redis, shared: Shared, on: PgDoorbellHandlers): PgDoorbell {
  const rings = `${shared.redisPrefix}doorbell`;
  const messages = `${shared.redisPrefix}broadcast`;
  // A connection in subscriber mode can do nothing else: a second one, from the same settings.
  const subscriber = publisher.duplicate();
  let subscribed = false;
  // Errors are the server's Redis client's to report (one line when it goes, one when it is back).
  subscriber.on('error', () => {});
  subscriber.on('ready', () => {
    subscriber.subscribe(rings, messages).then(
      () => {
        subscribed = true;
        // Rings missed while it was away: one look now.
        on.rang(null);
      },
      () => {},
    );
  });
  subscriber.on('close', () => (subscribed = false));
  subscriber.on('message', (channel: string, text: string) => {
    if (channel === rings) {
      // Its own rings come back too: this process has delivered its events already.
      if (text !== shared.processId) on.rang(null);
    } else if (channel === messages) on.message(text);
  });
  return {
    ring() {
      // Fire and forget: a lost ring is made up by the other processes' look now and then.
      publisher.publish(rings, shared.processId).catch(() => {});
    },
    async send(text) {
      // Ephemeral: while Redis is away the others miss it, as whoever is not listening does.
      await publisher.publish(messages, text).catch(() => {});
    },
    redisUp: () => subscribed,
    close() {
      subscriber.disconnect();
    },
  };
}
