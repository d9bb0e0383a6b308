import { GlobalMessagesInput, MessagingEventsInput, SendGlobalMessageInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../../events/live-stream';
import { protectedProcedure, writerProcedure } from '../../trpc';
import { listGlobalMessages, sendGlobalMessageOnce } from './global-chat';

/** The global chat room: every signed-in user reads and writes it. */
export const messageRouter = {
  list: protectedProcedure
    .input(GlobalMessagesInput.default({ limit: 50 }))
    .query(({ ctx, input }) => listGlobalMessages(ctx.deps, ctx.viewer, input)),

  send: writerProcedure
    .input(SendGlobalMessageInput)
    .mutation(({ ctx, input }) => sendGlobalMessageOnce(ctx.deps, ctx.viewer, input)),

  /** New global messages, resumable from the last event id the client saw. */
  onMessage: protectedProcedure
    .input(MessagingEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, { topic: 'message', lastEventId: input?.lastEventId }),
    ),
} satisfies TRPCRouterRecord;
