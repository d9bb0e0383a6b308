import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { problems } from './problems';
import { users } from './users';

// The game's full state (Nim or CollabCode) is JSON owned by packages/games; status is copied out for
// filtering. A private game has a password hash (never returned); a public one has none.
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
    // CollabCode: the room's latest Run Tests (results, who ran them, when), for its players only;
    // kept apart from the state, which every viewer reads. Shape owned by packages/api.
    testResults: text('test_results', { mode: 'json' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    // The lobby: by type and status, by status alone, or everything; newest first.
    index('games_type_status').on(t.gameType, t.status, t.createdAt),
    index('games_status_created').on(t.status, t.createdAt),
    index('games_created').on(t.createdAt),
  ],
);

// Who plays a game now (a copy of the players in its state): the room's private events and presence
// are checked against it, one primary-key lookup per event.
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
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index('game_players_user').on(t.userId)],
);

// A CollabCode game's shared document (Yjs) as a log of updates, in the order they were accepted.
// Merging them (Yjs updates commute) over the snapshot rebuilds the document after a restart.
export const gameCodeUpdates = sqliteTable(
  'game_code_updates',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    update: blob('update', { mode: 'buffer' }).notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

// A long log compacted: the whole document as one update, covering every log entry up to `seq`
// (those entries are deleted in the same transaction).
export const gameCodeSnapshots = sqliteTable('game_code_snapshots', {
  gameId: text('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  state: blob('state', { mode: 'buffer' }).notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
