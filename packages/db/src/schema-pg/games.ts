import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytes, jsonText, timestamp } from './_columns';
import { problems } from './problems';
import { users } from './users';

// The PostgreSQL twin of schema/games.ts (the comments there say what each table holds).

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    gameType: text('game_type', { enum: ['Nim', 'CollabCode'] }).notNull(),
    passwordHash: text('password_hash'),
    status: text('status').notNull(),
    state: jsonText('state').notNull(),
    problemId: integer('problem_id').references(() => problems.id),
    testResults: jsonText('test_results'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    index('games_type_status').on(t.gameType, t.status, t.createdAt),
    index('games_status_created').on(t.status, t.createdAt),
    index('games_created').on(t.createdAt),
  ],
);

export const gamePlayers = pgTable(
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
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index('game_players_user').on(t.userId)],
);

export const gameCodeUpdates = pgTable(
  'game_code_updates',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    update: bytes('update').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

export const gameCodeSnapshots = pgTable('game_code_snapshots', {
  gameId: text('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  state: bytes('state').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
