import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { epochMs, timestamp } from './_columns';

// The PostgreSQL twin of schema/cluster.ts (the comments there say what each table is for).
// Expiries are milliseconds since the epoch, as there: numbers past 2^31, so bigint.

// A row for every cursor move of every player: ids run out of an integer first here.
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    origin: text('origin').notNull(),
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('broadcasts_created').on(t.createdAt)],
);

export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: epochMs('expires_at').notNull(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: epochMs('expire'),
  },
  (t) => [index('rate_limits_expire').on(t.expire)],
);

export const liveConnections = pgTable(
  'live_connections',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    address: text('address').notNull(),
    session: text('session'),
    expiresAt: epochMs('expires_at').notNull(),
  },
  (t) => [
    index('live_connections_address').on(t.address),
    index('live_connections_session').on(t.session),
    index('live_connections_owner').on(t.owner),
  ],
);

export const socketSessions = pgTable(
  'socket_sessions',
  {
    pid: text('pid').primaryKey(),
    payload: text('payload').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
    owner: text('owner').notNull().default(''),
    connected: boolean('connected').notNull().default(false),
  },
  (t) => [index('socket_sessions_owner').on(t.owner)],
);
