import {
  AddParticipantInput,
  ChatIdInput,
  ChatMessagesInput,
  CreateChatInput,
  MessagingEventsInput,
  SendChatMessageInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../../events/live-stream';
import { limitedProcedure, protectedProcedure, writerProcedure } from '../../trpc';
import { mayReceive } from './chat-access';
import { getChat, listMyChats } from './chat-list';
import { addParticipant, createChat, groupInvitees } from './chat-membership';
import { listChatMessages, sendChatMessageOnce } from './chat-messages';
import { markChatRead } from './chat-reads';
import { chatTranscript } from './chat-transcript';

// Direct-message chats are private: every procedure is for participants only (the services check),
// and the live stream asks, for every event, whether the viewer is in that chat now.
export const chatRouter = {
  /** The viewer's own chats, most recently active first, with unread counts. */
  list: protectedProcedure.query(({ ctx }) => listMyChats(ctx.deps, ctx.viewer)),

  byId: protectedProcedure
    .input(ChatIdInput)
    .query(({ ctx, input }) => getChat(ctx.deps, ctx.viewer, input.chatId)),

  /** The chat with every message in it, oldest first: the original client reads chats whole. */
  transcript: protectedProcedure
    .input(ChatIdInput)
    .query(({ ctx, input }) => chatTranscript(ctx.deps, ctx.viewer, input.chatId)),

  messages: protectedProcedure
    .input(ChatMessagesInput)
    .query(({ ctx, input }) => listChatMessages(ctx.deps, ctx.viewer, input)),

  /**
   * A one-to-one chat with a user (an existing one with them is returned instead, created: false),
   * or with more people named a new group chat; an existing chat never gains members here.
   */
  create: limitedProcedure('chats', groupInvitees)
    .input(CreateChatInput)
    .mutation(({ ctx, input }) => createChat(ctx.deps, ctx.viewer, input)),

  send: writerProcedure
    .input(SendChatMessageInput)
    .mutation(({ ctx, input }) => sendChatMessageOnce(ctx.deps, ctx.viewer, input)),

  addParticipant: limitedProcedure('chatParticipants')
    .input(AddParticipantInput)
    .mutation(({ ctx, input }) => addParticipant(ctx.deps, ctx.viewer, input)),

  /** Marks everything in the chat read for the viewer (on every device). */
  markRead: limitedProcedure('chatReads')
    .input(ChatIdInput)
    .mutation(({ ctx, input }) => markChatRead(ctx.deps, ctx.viewer, input.chatId)),

  /** Events of every chat the viewer is in (created, newMessage, newParticipant), resumable. */
  onChatEvent: protectedProcedure
    .input(MessagingEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, {
        topic: 'chat',
        lastEventId: input?.lastEventId,
        allow: (event) => mayReceive(ctx.deps, ctx.viewer, event),
      }),
    ),

  /** The viewer's own read positions, so a second device's unread counts follow. */
  onInbox: protectedProcedure
    .input(MessagingEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, {
        topic: 'inbox',
        key: ctx.viewer.username,
        lastEventId: input?.lastEventId,
      }),
    ),
} satisfies TRPCRouterRecord;
