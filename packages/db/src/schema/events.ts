import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';

// The outbox of live events: ids only grow, so a subscriber resumes after the last id it saw. Each event
// has a key inside its topic (a question id, a chat id, a username), so a subscriber to one of them
// replays only its own events.
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    topic: text('topic').notNull(),
    key: text('key').notNull().default(''),
    payload: text('payload', { mode: 'json' }).notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('events_topic').on(t.topic, t.id),
    index('events_topic_key').on(t.topic, t.key, t.id),
  ],
);
