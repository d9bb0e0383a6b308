import {
  firstRow,
  answers,
  chatMessages,
  comments,
  notifications,
  questions,
  users,
  type Db,
  type Executor,
} from '@app/db';
import { and, count, desc, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { perDb } from '../../core/prepared';
import type { NotificationView } from './shapes';

const EXCERPT_MAX = 140;
// Read a little more than the excerpt shows: Markdown marks and spaces fall away.
const EXCERPT_READ = 400;

/**
 * What a list shows of a post or message: plain words, no Markdown marks or code fences, one line, at
 * most EXCERPT_MAX characters (cut at a word, with an ellipsis).
 */
export function plainExcerpt(text: string): string {
  const plain = text
    .replace(/^ {0,3}(`{3,}|~{3,}).*$/gm, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^ {0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/[`*]+|~~/g, '')
    // Underscores mark emphasis only at a word's edge: snake_case and user_names keep theirs.
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  if (chars.length <= EXCERPT_MAX) return plain;
  const cut = chars.slice(0, EXCERPT_MAX).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  actor: users.username,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  qid: notifications.questionId,
  title: questions.title,
  answerId: notifications.answerId,
  commentId: notifications.commentId,
  chatId: notifications.chatId,
  // The words it is about: the comment, else the answer, else the message, else the question.
  body: sql<
    string | null
  >`substr(coalesce(${comments.text}, ${answers.text}, ${chatMessages.msg}, ${questions.text}), 1, ${EXCERPT_READ})`,
};

function toView(row: Row): NotificationView {
  const place: NotificationView['place'] =
    row.chatId !== null
      ? { type: 'chat', chatId: row.chatId }
      : {
          type: 'question',
          qid: row.qid ?? 0,
          title: row.title ?? '',
          answerId: row.answerId,
          commentId: row.commentId,
        };
  return {
    id: row.id,
    kind: row.kind,
    actor: row.actor,
    createdAt: row.createdAt,
    read: row.readAt !== null,
    place,
    excerpt: plainExcerpt(row.body ?? ''),
  };
}

/**
 * A notification about a deleted or hidden post (or one on a deleted question) is not shown: the
 * post's columns are null when the notification names none, which passes.
 */
const aboutShownPosts = and(
  isNull(questions.deletedAt),
  isNull(questions.hiddenAt),
  isNull(answers.deletedAt),
  isNull(answers.hiddenAt),
  isNull(comments.deletedAt),
  isNull(comments.hiddenAt),
);

async function selectViews(
  db: Executor,
  where: SQL | undefined,
  limit: number,
): Promise<NotificationView[]> {
  return (await selectRows(db, where, limit)).map(toView);
}

function selectRows(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select(columns)
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(questions, eq(questions.id, notifications.questionId))
    .leftJoin(answers, eq(answers.id, notifications.answerId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(chatMessages, eq(chatMessages.id, notifications.messageId))
    .where(and(where, aboutShownPosts))
    .orderBy(desc(notifications.id))
    .limit(limit);
}
type Row = Awaited<ReturnType<typeof selectRows>>[number];

// Every notification sent reads itself back as its owner sees it: built once per connection (the
// write transaction's is the one writer connection on SQLite).
const oneView = perDb((db) =>
  selectRows(
    db,
    and(
      eq(notifications.userId, sql.placeholder('userId')),
      eq(notifications.id, sql.placeholder('id')),
    ),
    1,
  ).prepare(),
);

/** One notification of its owner's, as they see it; null when it is not theirs or does not exist. */
export async function notificationView(
  db: Executor,
  userId: number,
  id: number,
): Promise<NotificationView | null> {
  const row = await firstRow(oneView(db as Db).execute({ userId, id }));
  return row ? toView(row) : null;
}

/** Up to `limit` of the user's notifications, newest first, older than `before` when given. */
export async function notificationViews(
  db: Executor,
  userId: number,
  before: number | null,
  limit: number,
): Promise<NotificationView[]> {
  const where = and(
    eq(notifications.userId, userId),
    before === null ? undefined : lt(notifications.id, before),
  );
  return selectViews(db, where, limit);
}

/**
 * Unread notifications are counted up to this many: every screen shows "99+" past 99, and a count
 * made on every notification sent must not grow with a neglected inbox.
 */
export const UNREAD_COUNTED_UP_TO = 100;

// Counted on every notification sent and every read: built once per connection, one statement
// for all notifications and one for those about posts.
const unreadCount = (postsOnly: boolean) =>
  perDb((db) => {
    const unread = db
      .select({ id: notifications.id })
      .from(notifications)
      .leftJoin(questions, eq(questions.id, notifications.questionId))
      .leftJoin(answers, eq(answers.id, notifications.answerId))
      .leftJoin(comments, eq(comments.id, notifications.commentId))
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          isNull(notifications.readAt),
          aboutShownPosts,
          postsOnly ? ne(notifications.kind, 'message') : undefined,
        ),
      )
      .limit(UNREAD_COUNTED_UP_TO)
      .as('unread');
    return db.select({ n: count() }).from(unread).prepare();
  });
const unreadOfAll = unreadCount(false);
const unreadAboutPosts = unreadCount(true);

/**
 * How many of the user's notifications are unread (the partial index holds exactly those), up to
 * UNREAD_COUNTED_UP_TO; with postsOnly, only those about posts (not direct messages).
 */
export async function unreadCountOf(
  db: Executor,
  userId: number,
  opts: { postsOnly?: boolean } = {},
): Promise<number> {
  const statement = (opts.postsOnly ? unreadAboutPosts : unreadOfAll)(db as Db);
  return (await firstRow(statement.execute({ userId })))?.n ?? 0;
}
