import {
  NotificationEventsInput,
  NotificationIdInput,
  NotificationListInput,
  NotificationQuestionInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../../events/live-stream';
import { protectedProcedure } from '../../trpc';
import {
  markAllNotificationsRead,
  markNotificationRead,
  markQuestionNotificationsRead,
} from './mark-read';
import {
  countUnreadNotifications,
  countUnreadPostNotifications,
  listNotifications,
  withUnreadCount,
} from './notification-list';

// Private by construction: no procedure takes a user; each reads, marks and streams the session's
// viewer's own notifications. Marking read is not rate limited: it only ever changes the viewer's
// own rows (as many as others have sent them), and a mark that changes nothing only reads.
export const notificationRouter = {
  /** The viewer's notifications, newest first, a page at a time. */
  list: protectedProcedure
    .input(NotificationListInput)
    .query(({ ctx, input }) => listNotifications(ctx.deps, ctx.viewer, input)),

  /** How many are unread: the bell's number. */
  unreadCount: protectedProcedure.query(({ ctx }) =>
    countUnreadNotifications(ctx.deps, ctx.viewer),
  ),

  /** How many unread ones are about posts, not direct messages: the tab title's share. */
  unreadPosts: protectedProcedure.query(({ ctx }) =>
    countUnreadPostNotifications(ctx.deps, ctx.viewer),
  ),

  /** One notification is read (opening it does this). */
  markRead: protectedProcedure
    .input(NotificationIdInput)
    .mutation(({ ctx, input }) => markNotificationRead(ctx.deps, ctx.viewer, input.id)),

  /** Opening a question's page: the notifications that point into it are read. */
  questionSeen: protectedProcedure
    .input(NotificationQuestionInput)
    .mutation(({ ctx, input }) => markQuestionNotificationsRead(ctx.deps, ctx.viewer, input.qid)),

  /** Every unread notification is read. */
  markAllRead: protectedProcedure.mutation(({ ctx }) =>
    markAllNotificationsRead(ctx.deps, ctx.viewer),
  ),

  /** The viewer's own notification events (created, read, allRead), resumable from lastEventId. */
  onChange: protectedProcedure
    .input(NotificationEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, {
        topic: 'notification',
        key: ctx.viewer.username,
        lastEventId: input?.lastEventId,
        present: (event) => withUnreadCount(ctx.deps, ctx.viewer, event),
      }),
    ),
} satisfies TRPCRouterRecord;
