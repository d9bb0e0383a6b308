import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { users } from './users';

export const globalMessages = sqliteTable(
  'global_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    msg: text('msg').notNull(),
    msgFrom: integer('msg_from')
      .notNull()
      .references(() => users.id),
    msgDateTime: timestamp('msg_date_time').notNull(),
  },
  (t) => [index('global_messages_time').on(t.msgDateTime, t.id)],
);

export const chats = sqliteTable('chats', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  createdAt: timestamp('created_at').notNull(),
});

export const chatParticipants = sqliteTable(
  'chat_participants',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_participants_user').on(t.userId),
  ],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    msg: text('msg').notNull(),
    msgFrom: integer('msg_from')
      .notNull()
      .references(() => users.id),
    msgDateTime: timestamp('msg_date_time').notNull(),
  },
  (t) => [index('chat_messages_chat').on(t.chatId, t.id)],
);
