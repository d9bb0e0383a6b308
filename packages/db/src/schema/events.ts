import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';

// The outbox of live events: ids only grow, so a subscriber resumes after the last id it saw.
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    topic: text('topic').notNull(),
    payload: text('payload', { mode: 'json' }).notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('events_topic').on(t.topic, t.id)],
);
