import {
  firstRow,
  answers,
  chatParticipants,
  notifications,
  users,
  type Db,
  type Executor,
  type NotificationKind,
} from '@app/db';
import { MENTIONS_PER_POST, mentionedNames } from '@app/validators';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import type { WriteScope } from '../../core/write';
import { notificationView } from './notification-views';

// Called INSIDE the write that causes a notification (same transaction), so a notification exists
// exactly when its cause does. Nobody is told of their own doing, and deleted accounts are told nothing.

/** A post: a question, an answer in it, or a comment (on the question, or on `answerId`). */
export interface PostRef {
  qid: number;
  answerId?: number | null;
  commentId?: number | null;
}

interface Recipient {
  id: number;
  username: string;
}

interface NewNotification {
  kind: NotificationKind;
  subject: string;
  questionId?: number;
  answerId?: number | null;
  commentId?: number | null;
  chatId?: number;
  messageId?: number;
}

const subjectOf = (post: PostRef): string =>
  post.commentId
    ? `comment:${post.commentId}`
    : post.answerId
      ? `answer:${post.answerId}`
      : `question:${post.qid}`;

const placeOf = (post: PostRef) => ({
  questionId: post.qid,
  answerId: post.answerId ?? null,
  commentId: post.commentId ?? null,
});

// The statements of every notification sent, built once per connection: inside a write they run on
// the transaction's handle, on SQLite the one writer connection.
const accountOf = perDb((db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare(),
);

const insertNotification = perDb((db) =>
  db
    .insert(notifications)
    .values({
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      actorId: sql.placeholder('actorId'),
      subject: sql.placeholder('subject'),
      questionId: sql.placeholder('questionId'),
      answerId: sql.placeholder('answerId'),
      commentId: sql.placeholder('commentId'),
      chatId: sql.placeholder('chatId'),
      messageId: sql.placeholder('messageId'),
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id })
    .prepare(),
);

const toldOfSubject = perDb((db) =>
  db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        eq(notifications.subject, sql.placeholder('subject')),
      ),
    )
    .prepare(),
);

/** The account behind a user id, if it still exists. */
async function liveAccount(tx: Executor, userId: number | undefined): Promise<Recipient | null> {
  if (userId === undefined) return null;
  return (await firstRow(accountOf(tx as Db).execute({ userId }))) ?? null;
}

/**
 * Stores one notification and publishes it on its owner's topic. A second one of the same kind
 * about the same subject is not stored (the unique index).
 */
async function tell(
  scope: WriteScope,
  actor: Viewer,
  to: Recipient,
  what: NewNotification,
): Promise<void> {
  if (to.id === actor.id) return;
  const row = await firstRow(
    insertNotification(scope.tx as Db).execute({
      userId: to.id,
      kind: what.kind,
      actorId: actor.id,
      subject: what.subject,
      questionId: what.questionId ?? null,
      answerId: what.answerId ?? null,
      commentId: what.commentId ?? null,
      chatId: what.chatId ?? null,
      messageId: what.messageId ?? null,
      createdAt: scope.now,
    }),
  );
  if (!row) return;
  const notification = await notificationView(scope.tx, to.id, row.id);
  if (!notification) return;
  // Their unread count is added as it is delivered to them (events.ts).
  scope.publish('notification', to.username, { type: 'created', notification });
}

/**
 * Everyone a post mentions (@name: existing accounts only, at most MENTIONS_PER_POST, never the
 * author) hears of it once: not again when the post is edited, nor when they were already told of
 * the post otherwise (an asker told of an answer that also mentions them gets one notification).
 */
export async function notifyMentions(
  scope: WriteScope,
  actor: Viewer,
  post: PostRef,
  text: string,
): Promise<void> {
  const names = mentionedNames(text);
  if (names.length === 0) return;
  const subject = subjectOf(post);
  const mentioned = await scope.tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.username})`, names),
        isNull(users.deletedAt),
        ne(users.id, actor.id),
      ),
    )
    .orderBy(asc(users.id))
    .limit(MENTIONS_PER_POST);
  for (const user of mentioned) {
    const already = await firstRow(
      toldOfSubject(scope.tx as Db).execute({ userId: user.id, subject }),
    );
    if (already) continue;
    await tell(scope, actor, user, { kind: 'mention', subject, ...placeOf(post) });
  }
}

/**
 * A new answer: the asker hears of it, and everyone it mentions. `askerId` is the question's asker,
 * as the write read it when it found the question.
 */
export async function notifyNewAnswer(
  scope: WriteScope,
  actor: Viewer,
  post: { qid: number; answerId: number },
  text: string,
  askerId: number,
): Promise<void> {
  const to = await liveAccount(scope.tx, askerId);
  if (to)
    await tell(scope, actor, to, { kind: 'answer', subject: subjectOf(post), ...placeOf(post) });
  await notifyMentions(scope, actor, post, text);
}

/**
 * A new comment: the author of the post it is on hears of it, and everyone it mentions. `authorId`
 * is that post's author (the question's asker, or the answer's), as the write read it when it found
 * the post.
 */
export async function notifyNewComment(
  scope: WriteScope,
  actor: Viewer,
  post: { qid: number; answerId: number | null; commentId: number },
  text: string,
  authorId: number,
): Promise<void> {
  const to = await liveAccount(scope.tx, authorId);
  if (to)
    await tell(scope, actor, to, { kind: 'comment', subject: subjectOf(post), ...placeOf(post) });
  await notifyMentions(scope, actor, post, text);
}

/** The asker accepted an answer: its author hears of it, once per answer. */
export async function notifyAccepted(
  scope: WriteScope,
  actor: Viewer,
  post: { qid: number; answerId: number },
): Promise<void> {
  const answer = await firstRow(
    scope.tx.select({ id: answers.ansBy }).from(answers).where(eq(answers.id, post.answerId)),
  );
  const to = await liveAccount(scope.tx, answer?.id);
  if (to)
    await tell(scope, actor, to, { kind: 'accepted', subject: subjectOf(post), ...placeOf(post) });
}

// Every direct message tells the chat's other members: built once per connection.
const otherParticipants = perDb((db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(
      and(
        eq(chatParticipants.chatId, sql.placeholder('chatId')),
        ne(chatParticipants.userId, sql.placeholder('actorId')),
        isNull(users.deletedAt),
      ),
    )
    .prepare(),
);

/** A direct message: every other participant of the chat hears of it. */
export async function notifyDirectMessage(
  scope: WriteScope,
  actor: Viewer,
  message: { chatId: number; messageId: number },
): Promise<void> {
  const others = (await otherParticipants(scope.tx as Db).execute({
    chatId: message.chatId,
    actorId: actor.id,
  })) as Recipient[];
  for (const to of others) {
    await tell(scope, actor, to, {
      kind: 'message',
      subject: `message:${message.messageId}`,
      chatId: message.chatId,
      messageId: message.messageId,
    });
  }
}
