import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { problems } from './problems';
import { users } from './users';

// The game's full state (Nim or CollabCode) is JSON owned by packages/games; status is copied out for filtering.
export const games = sqliteTable(
  'games',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    gameType: text('game_type', { enum: ['Nim', 'CollabCode'] }).notNull(),
    passwordHash: text('password_hash'),
    status: text('status').notNull(),
    state: text('state', { mode: 'json' }).notNull(),
    problemId: integer('problem_id').references(() => problems.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('games_type_status').on(t.gameType, t.status, t.createdAt)],
);

export const gamePlayers = sqliteTable(
  'game_players',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);
