import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { jsonText, timestamp } from './_columns';

// The PostgreSQL twin of schema/events.ts. Every write adds a row and ids are never reused, so the
// id is a bigint: an integer would run out on a busy site.
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    topic: text('topic').notNull(),
    key: text('key').notNull().default(''),
    payload: jsonText('payload').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('events_topic').on(t.topic, t.id),
    index('events_topic_key').on(t.topic, t.key, t.id),
  ],
);
