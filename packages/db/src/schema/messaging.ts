import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { users } from './users';

// Read a page at a time by id (the primary key), newest first.
export const globalMessages = sqliteTable(
  'global_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    msg: text('msg').notNull(),
    msgFrom: integer('msg_from')
      .notNull()
      .references(() => users.id),
    msgDateTime: timestamp('msg_date_time').notNull(),
    /** Set while enough flags hide the message, until a moderator looks. */
    hiddenAt: timestamp('hidden_at'),
    /** The sender's key for this message (chosen by their device), so a retried send posts it once. */
    sendKey: text('send_key'),
  },
  (t) => [
    index('global_messages_time').on(t.msgDateTime, t.id),
    uniqueIndex('global_messages_sender_key').on(t.msgFrom, t.sendKey),
  ],
);

// A chat's last activity is its newest message (or its creation): read, never kept in step.
// pair_key is the two user ids of a one-to-one chat, sorted ("3:17"), so two people have at most one;
// it is null once a chat has more than two participants.
/** The pair key of two users' one-to-one chat, whoever started it: their ids, sorted. */
export const oneToOneKey = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

export const chats = sqliteTable(
  'chats',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    createdAt: timestamp('created_at').notNull(),
    pairKey: text('pair_key'),
  },
  (t) => [uniqueIndex('chats_pair_key').on(t.pairKey)],
);

// Membership, in join order. joined_after_id is the chat's newest message id when the user joined
// (0 for its creators): older messages are history to them, not live news, even in a replay.
// last_read_id is their read position, the newest message id they have read there (0: none), so
// unread counts survive a reload and follow the user to another device.
export const chatParticipants = sqliteTable(
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
    /** Set while enough flags hide the message, until a moderator looks. */
    hiddenAt: timestamp('hidden_at'),
    /** The sender's key for this message (chosen by their device), so a retried send posts it once. */
    sendKey: text('send_key'),
  },
  (t) => [
    index('chat_messages_chat').on(t.chatId, t.id),
    uniqueIndex('chat_messages_sender_key').on(t.msgFrom, t.sendKey),
  ],
);
