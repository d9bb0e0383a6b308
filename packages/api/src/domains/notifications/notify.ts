import {
  answers,
  chatParticipants,
  notifications,
  questions,
  users,
  type Executor,
  type NotificationKind,
} from '@app/db';
import { MENTIONS_PER_POST, mentionedNames } from '@app/validators';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Viewer } from '../../core/viewer';
import type { WriteScope } from '../../core/write';
import { notificationView, unreadCountOf } from './notification-views';

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

/** The account behind a user id, if it still exists. */
function liveAccount(tx: Executor, userId: number | undefined): Recipient | null {
  if (userId === undefined) return null;
  return (
    tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .get() ?? null
  );
}

/**
 * Stores one notification and publishes it on its owner's topic, with their new unread count. A
 * second one of the same kind about the same subject is not stored (the unique index).
 */
function tell(scope: WriteScope, actor: Viewer, to: Recipient, what: NewNotification): void {
  if (to.id === actor.id) return;
  const row = scope.tx
    .insert(notifications)
    .values({ ...what, userId: to.id, actorId: actor.id, createdAt: scope.now })
    .onConflictDoNothing()
    .returning({ id: notifications.id })
    .get();
  if (!row) return;
  const notification = notificationView(scope.tx, to.id, row.id);
  if (!notification) return;
  scope.publish('notification', to.username, {
    type: 'created',
    notification,
    unreadCount: unreadCountOf(scope.tx, to.id),
  });
}

/**
 * Everyone a post mentions (@name: existing accounts only, at most MENTIONS_PER_POST, never the
 * author) hears of it once: not again when the post is edited, nor when they were already told of
 * the post otherwise (an asker told of an answer that also mentions them gets one notification).
 */
export function notifyMentions(
  scope: WriteScope,
  actor: Viewer,
  post: PostRef,
  text: string,
): void {
  const names = mentionedNames(text);
  if (names.length === 0) return;
  const subject = subjectOf(post);
  const mentioned = scope.tx
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
    .limit(MENTIONS_PER_POST)
    .all();
  for (const user of mentioned) {
    const already = scope.tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.subject, subject)))
      .get();
    if (already) continue;
    tell(scope, actor, user, { kind: 'mention', subject, ...placeOf(post) });
  }
}

/** A new answer: the asker hears of it, and everyone it mentions. */
export function notifyNewAnswer(
  scope: WriteScope,
  actor: Viewer,
  post: { qid: number; answerId: number },
  text: string,
): void {
  const asker = scope.tx
    .select({ id: questions.askedBy })
    .from(questions)
    .where(eq(questions.id, post.qid))
    .get();
  const to = liveAccount(scope.tx, asker?.id);
  if (to) tell(scope, actor, to, { kind: 'answer', subject: subjectOf(post), ...placeOf(post) });
  notifyMentions(scope, actor, post, text);
}

/** A new comment: the author of the post it is on hears of it, and everyone it mentions. */
export function notifyNewComment(
  scope: WriteScope,
  actor: Viewer,
  post: { qid: number; answerId: number | null; commentId: number },
  text: string,
): void {
  const author =
    post.answerId === null
      ? scope.tx
          .select({ id: questions.askedBy })
          .from(questions)
          .where(eq(questions.id, post.qid))
          .get()
      : scope.tx
          .select({ id: answers.ansBy })
          .from(answers)
          .where(eq(answers.id, post.answerId))
          .get();
  const to = liveAccount(scope.tx, author?.id);
  if (to) tell(scope, actor, to, { kind: 'comment', subject: subjectOf(post), ...placeOf(post) });
  notifyMentions(scope, actor, post, text);
}

/** The asker accepted an answer: its author hears of it, once per answer. */
export function notifyAccepted(
  scope: WriteScope,
  actor: Viewer,
  post: { qid: number; answerId: number },
): void {
  const answer = scope.tx
    .select({ id: answers.ansBy })
    .from(answers)
    .where(eq(answers.id, post.answerId))
    .get();
  const to = liveAccount(scope.tx, answer?.id);
  if (to) tell(scope, actor, to, { kind: 'accepted', subject: subjectOf(post), ...placeOf(post) });
}

/** A direct message: every other participant of the chat hears of it. */
export function notifyDirectMessage(
  scope: WriteScope,
  actor: Viewer,
  message: { chatId: number; messageId: number },
): void {
  const others = scope.tx
    .select({ id: users.id, username: users.username })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(
      and(
        eq(chatParticipants.chatId, message.chatId),
        ne(chatParticipants.userId, actor.id),
        isNull(users.deletedAt),
      ),
    )
    .all();
  for (const to of others) {
    tell(scope, actor, to, {
      kind: 'message',
      subject: `message:${message.messageId}`,
      chatId: message.chatId,
      messageId: message.messageId,
    });
  }
}
