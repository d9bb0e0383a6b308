import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamp } from './_columns';

// The PostgreSQL twin of schema/users.ts: same tables, columns, keys and indexes (test/schema-dialects).
// PostgreSQL's lower() folds all of Unicode (SQLite's folds ASCII only), so 'Ärger' and 'ärger' are
// one name here as well.
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    biography: text('biography').notNull().default(''),
    dateJoined: timestamp('date_joined').notNull(),
    deletedAt: timestamp('deleted_at'),
    /** Points earned from votes and acceptances (reputation.ts's rules); shown as at least 1. */
    reputation: integer('reputation').notNull().default(1),
    /** 'user' (the spec's one role) or 'moderator', granted from the command line only. */
    role: text('role').notNull().default('user'),
    /** Until this moment the user may read and sign in but not write; null when not suspended. */
    suspendedUntil: timestamp('suspended_until'),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    uniqueIndex('users_username_nocase').on(sql`lower(${t.username})`),
    index('users_username').on(t.username),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);
