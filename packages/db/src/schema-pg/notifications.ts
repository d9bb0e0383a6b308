import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../schema/notifications';
import { timestamp } from './_columns';
import { chatMessages, chats } from './messaging';
import { answers, comments, questions } from './questions';
import { users } from './users';

// The PostgreSQL twin of schema/notifications.ts (the comments there say what a row is).
export { NOTIFICATION_KINDS, type NotificationKind } from '../schema/notifications';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
    readAt: timestamp('read_at'),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.id),
    uniqueIndex('notifications_subject').on(t.userId, t.subject, t.kind),
    index('notifications_unread')
      .on(t.userId, t.id, t.questionId, t.answerId, t.commentId)
      .where(sql`${t.readAt} is null`),
    index('notifications_chat')
      .on(t.userId, t.chatId)
      .where(sql`${t.chatId} is not null`),
  ],
);
