import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { chatMessages, chats } from './messaging';
import { answers, comments, questions } from './questions';
import { users } from './users';

export const NOTIFICATION_KINDS = ['answer', 'comment', 'accepted', 'message', 'mention'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

// One row per thing a user is told of, written in the same transaction as the change that caused it.
// subject names what it is about ('question:12', 'answer:5', 'comment:9', 'message:33'): a user hears
// of one subject once per kind (a post mentioning them twice, or edited to mention them again, is one
// notification). The place columns say where it opens: the question (and the answer or comment in it)
// or the chat.
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    answerId: integer('answer_id').references(() => answers.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id').references(() => chats.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at').notNull(),
    /** Null while unread. */
    readAt: timestamp('read_at'),
  },
  (t) => [
    // The list, newest first, a page at a time.
    index('notifications_user').on(t.userId, t.id),
    uniqueIndex('notifications_subject').on(t.userId, t.subject, t.kind),
    // The unread count and "mark all read" walk only the unread ones; the count reads the posts a
    // notification names from the index itself, to leave out removed ones.
    index('notifications_unread')
      .on(t.userId, t.id, t.questionId, t.answerId, t.commentId)
      .where(sql`${t.readAt} is null`),
    // Reading a chat clears its message notifications.
    index('notifications_chat')
      .on(t.userId, t.chatId)
      .where(sql`${t.chatId} is not null`),
  ],
);
