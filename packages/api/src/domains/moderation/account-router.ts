import { MessagingEventsInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../../events/live-stream';
import { protectedProcedure } from '../../trpc';

export const accountRouter = {
  /**
   * The viewer's own account changes (suspended, unsuspended), resumable from lastEventId: the
   * web's banner. No procedure takes a user: only one's own.
   */
  onChange: protectedProcedure
    .input(MessagingEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, {
        topic: 'account',
        key: ctx.viewer.username,
        lastEventId: input?.lastEventId,
      }),
    ),
} satisfies TRPCRouterRecord;
