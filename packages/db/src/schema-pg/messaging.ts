import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { insertionOrder, timestamp } from './_columns';
import { users } from './users';

// The PostgreSQL twin of schema/messaging.ts (the comments there say what each column means).
export { oneToOneKey } from '../schema/messaging';

export const globalMessages = pgTable(
  'global_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    msg: text('msg').notNull(),
    msgFrom: integer('msg_from')
      .notNull()
      .references(() => users.id),
    msgDateTime: timestamp('msg_date_time').notNull(),
    hiddenAt: timestamp('hidden_at'),
    sendKey: text('send_key'),
  },
  (t) => [
    index('global_messages_time').on(t.msgDateTime, t.id),
    uniqueIndex('global_messages_sender_key').on(t.msgFrom, t.sendKey),
  ],
);

export const chats = pgTable(
  'chats',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    createdAt: timestamp('created_at').notNull(),
    pairKey: text('pair_key'),
  },
  // Nulls are distinct in PostgreSQL's unique indexes as in SQLite's: group chats share no key.
  (t) => [uniqueIndex('chats_pair_key').on(t.pairKey)],
);

export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at').notNull(),
    joinedAfterId: integer('joined_after_id').notNull(),
    lastReadId: integer('last_read_id').notNull(),
    insertionOrder: insertionOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_participants_user').on(t.userId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    msg: text('msg').notNull(),
    msgFrom: integer('msg_from')
      .notNull()
      .references(() => users.id),
    msgDateTime: timestamp('msg_date_time').notNull(),
    hiddenAt: timestamp('hidden_at'),
    sendKey: text('send_key'),
  },
  (t) => [
    index('chat_messages_chat').on(t.chatId, t.id),
    uniqueIndex('chat_messages_sender_key').on(t.msgFrom, t.sendKey),
  ],
);
