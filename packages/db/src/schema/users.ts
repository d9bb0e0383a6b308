import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';

// A deleted account keeps its row (deletedAt set, no password) so its posts keep their author
// and nobody can register the name again.
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    // "Alice" and "alice" are the same name: one owner, no look-alikes.
    uniqueIndex('users_username_nocase').on(sql`lower(${t.username})`),
    index('users_username').on(t.username),
  ],
);

// One row per signed-in browser; deleting it ends that session even for a copied cookie.
export const sessions = sqliteTable(
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
