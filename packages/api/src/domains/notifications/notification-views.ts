import {
  firstRow,
  answers,
  chatMessages,
  comments,
  dialect,
  notifications,
  questions,
  users,
  type Db,
  type Executor,
} from '@app/db';
import { and, count, desc, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
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

// A notification's actor, title and words are read by id, each in a subquery of its own, and not by
// joining their tables: on SQLite a statement that joins tables and binds a parameter is compiled
// again on every run (the one-notification view every notification sent reads took some 70 µs
// with joins).
const columns = {
  id: notifications.id,
  kind: notifications.kind,
  actor: sql<string>`(select ${users.username} from ${users} where ${users.id} = ${notifications.actorId})`,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  qid: notifications.questionId,
  title: sql<
    string | null
  >`(select ${questions.title} from ${questions} where ${questions.id} = ${notifications.questionId})`,
  answerId: notifications.answerId,
  commentId: notifications.commentId,
  chatId: notifications.chatId,
  // The words it is about: the comment, else the answer, else the message, else the question.
  body: sql<string | null>`substr(coalesce(
    (select ${comments.text} from ${comments} where ${comments.id} = ${notifications.commentId}),
    (select ${answers.text} from ${answers} where ${answers.id} = ${notifications.answerId}),
    (select ${chatMessages.msg} from ${chatMessages} where ${chatMessages.id} = ${notifications.messageId}),
    (select ${questions.text} from ${questions} where ${questions.id} = ${notifications.questionId})
  ), 1, ${EXCERPT_READ})`,
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
 * The notification names this post (by `id`), and it is deleted or hidden: looked up in the post's
 * small index of removed ones (questions_removed …), not in the post's own table, once for each
 * notification counted or listed that names such a post (a message's names none: no look at all).
 */
const removed = (
  post: typeof questions | typeof answers | typeof comments,
  index: string,
  id: SQLiteColumn,
) =>
  sql`(${id} is not null and exists (select 1 from ${dialect.throughIndex(post, index)} where ${post.id} = ${id} and (${post.deletedAt} is not null or ${post.hiddenAt} is not null)))`;

/**
 * A notification about a deleted or hidden post (or one on a deleted question) is not shown; one
 * that names no such post passes.
 */
const aboutShownPosts = sql`not ${removed(questions, 'questions_removed', notifications.questionId)} and not ${removed(answers, 'answers_removed', notifications.answerId)} and not ${removed(comments, 'comments_removed', notifications.commentId)}`;

async function selectViews(
  db: Executor,
  where: SQL | undefined,
  limit: number,
): Promise<NotificationView[]> {
  return (await selectRows(db, where).orderBy(desc(notifications.id)).limit(limit)).map(toView);
}

function selectRows(db: Executor, where: SQL | undefined) {
  return db.select(columns).from(notifications).where(and(where, aboutShownPosts));
}
type Row = Awaited<ReturnType<typeof selectRows>>[number];

// Every notification sent reads itself back as its owner sees it: built once per connection (the
// write transaction's is the one writer connection on SQLite).
// No LIMIT (the id is one row): on SQLite a bound LIMIT also compiles the statement on every run.
const oneView = perDb((db) =>
  selectRows(
    db,
    and(
      eq(notifications.userId, sql.placeholder('userId')),
      eq(notifications.id, sql.placeholder('id')),
    ),
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
// for all notifications and one for those about posts. The bound is written into the SQL, not
// bound: on SQLite a bound LIMIT compiles the statement again on every run.
const unreadCount = (postsOnly: boolean) =>
  perDb((db) => {
    const unread = and(
      eq(notifications.userId, sql.placeholder('userId')),
      isNull(notifications.readAt),
      aboutShownPosts,
      postsOnly ? ne(notifications.kind, 'message') : undefined,
    );
    const upTo = sql.raw(String(UNREAD_COUNTED_UP_TO));
    return db
      .select({ n: count() })
      .from(sql`(select 1 from ${notifications} where ${unread} limit ${upTo}) as unread`)
      .prepare();
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
