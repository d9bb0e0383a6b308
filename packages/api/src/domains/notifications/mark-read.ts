import { firstRow, notifications } from '@app/db';
import { notificationMessages } from '@app/validators';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { Viewer } from '../../core/viewer';
import { writeTransaction, type WriteScope } from '../../core/write';
import type { ReadNotificationEvent } from './events';
import { unreadCountOf } from './notification-views';

/** The read event a mark published, which the web applies like a live one. */
interface PublishedRead {
  id: string;
  payload: ReadNotificationEvent;
}

interface MarkReadResult {
  unreadCount: number;
  /** Null when nothing changed (it was read already): nobody needs telling. */
  event: PublishedRead | null;
}

/**
 * Publishes the viewer's read event in the write's transaction. The same object comes back: its id
 * is filled in once the outbox has it, when the write's body has ended.
 */
function publishRead(
  publish: WriteScope['publish'],
  viewer: Viewer,
  payload: ReadNotificationEvent,
): PublishedRead {
  return publish('notification', viewer.username, payload) as PublishedRead;
}

/**
 * The viewer read one of their notifications (opening it does this). Someone else's, or one that does
 * not exist, is NOT_FOUND alike: nobody learns which ids exist. Only a real change takes the write
 * lock: asking again about a read one is a plain read.
 */
export async function markNotificationRead(
  deps: ApiDeps,
  viewer: Viewer,
  id: number,
): Promise<MarkReadResult> {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, viewer.id));
  const row = await firstRow(
    deps.db.select({ readAt: notifications.readAt }).from(notifications).where(mine),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: notificationMessages.notFound });
  if (row.readAt !== null)
    return { unreadCount: await unreadCountOf(deps.db, viewer.id), event: null };
  return writeTransaction(deps, async ({ tx, now, publish }): Promise<MarkReadResult> => {
    const changed = await firstRow(
      tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(mine, isNull(notifications.readAt)))
        .returning({ id: notifications.id }),
    );
    const unreadCount = await unreadCountOf(tx, viewer.id);
    if (!changed) return { unreadCount, event: null };
    const event = publishRead(publish, viewer, { type: 'read', ids: [id], unreadCount });
    return { unreadCount, event };
  });
}

/** Every notification of the viewer's that is unread now becomes read. */
export async function markAllNotificationsRead(
  deps: ApiDeps,
  viewer: Viewer,
): Promise<MarkReadResult> {
  if ((await unreadCountOf(deps.db, viewer.id)) === 0) return { unreadCount: 0, event: null };
  return writeTransaction(deps, async ({ tx, now, publish }): Promise<MarkReadResult> => {
    const read = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, viewer.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (read.length === 0) return { unreadCount: 0, event: null };
    const upToId = read.reduce((max, row) => Math.max(max, row.id), 0);
    const event = publishRead(publish, viewer, { type: 'allRead', upToId, unreadCount: 0 });
    return { unreadCount: 0, event };
  });
}

/**
 * The viewer opened a question's page: their unread notifications that point into it (its answers,
 * comments, acceptance, mentions) are read. Looking first keeps it a plain read when there are none,
 * the usual case, so opening pages costs no writes.
 */
export async function markQuestionNotificationsRead(
  deps: ApiDeps,
  viewer: Viewer,
  qid: number,
): Promise<MarkReadResult> {
  const unreadHere = and(
    eq(notifications.userId, viewer.id),
    eq(notifications.questionId, qid),
    isNull(notifications.readAt),
  );
  const any = await firstRow(
    deps.db.select({ id: notifications.id }).from(notifications).where(unreadHere).limit(1),
  );
  if (!any) return { unreadCount: await unreadCountOf(deps.db, viewer.id), event: null };
  return writeTransaction(deps, async ({ tx, now, publish }): Promise<MarkReadResult> => {
    const read = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(unreadHere)
      .returning({ id: notifications.id });
    const unreadCount = await unreadCountOf(tx, viewer.id);
    if (read.length === 0) return { unreadCount, event: null };
    const event = publishRead(publish, viewer, {
      type: 'read',
      ids: read.map((row) => row.id),
      unreadCount,
    });
    return { unreadCount, event };
  });
}

/**
 * Inside the write that marks a chat read: its direct-message notifications are read too, so the
 * bell does not keep news the viewer has just seen in the chat.
 */
export async function markChatNotificationsRead(
  scope: WriteScope,
  viewer: Viewer,
  chatId: number,
): Promise<void> {
  const read = await scope.tx
    .update(notifications)
    .set({ readAt: scope.now })
    .where(
      and(
        eq(notifications.userId, viewer.id),
        eq(notifications.chatId, chatId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  if (read.length === 0) return;
  scope.publish('notification', viewer.username, {
    type: 'read',
    ids: read.map((row) => row.id),
    unreadCount: await unreadCountOf(scope.tx, viewer.id),
  });
}
