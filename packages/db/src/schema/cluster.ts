import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';

// What several server processes on one database share when there is no Redis (with Redis, these
// live there instead). Every row is short-lived: it carries its own expiry and is swept.

/**
 * Ephemeral messages (a cursor, who is here, typing) on their way to the other processes: each
 * process tails this table after the last id it read. Never replayed to clients; swept after a minute.
 */
export const broadcasts = sqliteTable(
  'broadcasts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The process that sent it: it has already handed the message to its own listeners. */
    origin: text('origin').notNull(),
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('broadcasts_created').on(t.createdAt)],
);

/** One owner at a time for a named job (a game's timers): taken over once it expires unrenewed. */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * Counters in fixed windows (rate limits, remembered passes): rate-limiter-flexible's SQLite store
 * uses this table as it is (key, points, expire in ms).
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: integer('expire'),
  },
  (t) => [index('rate_limits_expire').on(t.expire)],
);

/**
 * Live connections (tRPC WebSockets, socket.io) of every process, for the caps per session and per
 * address: each process renews its own rows; a dead process's rows expire.
 */
export const liveConnections = sqliteTable(
  'live_connections',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    address: text('address').notNull(),
    session: text('session'),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [
    index('live_connections_address').on(t.address),
    index('live_connections_session').on(t.session),
    index('live_connections_owner').on(t.owner),
  ],
);

/**
 * socket.io sessions (the socket's id, rooms and data, as JSON), for whichever process their client
 * reconnects to: the cut ones waiting to be recovered, and the live ones, which their owner keeps
 * here while they are connected so that they outlive it if it dies. Taken once, so two processes
 * cannot both restore one; a live one only once its owner has stopped renewing its heartbeat;
 * gone at its expiry.
 */
export const socketSessions = sqliteTable(
  'socket_sessions',
  {
    pid: text('pid').primaryKey(),
    payload: text('payload').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** The process that holds (or held) the socket. */
    owner: text('owner').notNull().default(''),
    /** Whether it is connected there: then only its owner's death makes it restorable. */
    connected: integer('connected', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('socket_sessions_owner').on(t.owner)],
);
