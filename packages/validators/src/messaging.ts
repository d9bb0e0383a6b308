import { z } from 'zod';
import { sendKeyOf } from './send-keys';
import { userText } from './text';

export const MESSAGE_MAX = 2_000;
/** Messages per page of a chat's history: the latest on open, older ones on demand. */
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_MAX = 100;
/** People in a chat started at once (the creator included); more can be added one by one. */
export const CHAT_CREATE_MAX_PEOPLE = 20;

export const messagingMessages = {
  messageEmpty: 'Message cannot be empty',
  messageTooLong: `Message cannot be more than ${MESSAGE_MAX} characters`,
  selectUser: 'Please select a user to chat with',
  invalidChatId: 'Invalid chat ID',
  chatNotFound: 'Chat not found',
  notParticipant: 'You are not a participant in this chat.',
  userNotFound: 'User not found',
  chatWithYourself: 'You cannot start a chat with yourself.',
  alreadyParticipant: 'That user is already in this chat.',
  tooManyPeople: `A chat can be started with at most ${CHAT_CREATE_MAX_PEOPLE} people.`,
  slowDown: 'You are sending messages too fast. Please wait a few seconds and try again.',
  invalidUpdateType: 'Invalid chat update type',
  invalidCursor: 'Invalid cursor',
  chatRoom: 'Chat Room',
  typeGlobal: 'Type your message here',
  typeDirect: 'Type a message...',
  startChat: 'Start a Chat',
  hideCreatePanel: 'Hide Create Chat Panel',
  createChat: 'Create New Chat',
  selectChat: 'Select a user to start chatting',
  chatWith: 'Chat with:',
  invalidSendKey: 'Invalid message key',
  sentAlready: 'This message is being sent already.',
  /** The menu's mark on Global Messages, for screen readers: messages came since the viewer looked. */
  globalUnread: 'new messages',
} as const;

/** A message as a person writes it: cleaned like all user text, at most 2,000 characters. */
export const messageText = userText(MESSAGE_MAX, {
  empty: messagingMessages.messageEmpty,
  tooLong: messagingMessages.messageTooLong,
});

export const chatIdSchema = z
  .number({ error: messagingMessages.invalidChatId })
  .int(messagingMessages.invalidChatId)
  .positive(messagingMessages.invalidChatId)
  .max(Number.MAX_SAFE_INTEGER, messagingMessages.invalidChatId);

/** A user picked from the list: any existing name; nobody picked is the spec's sentence. */
const pickedUser = z
  .string({ error: messagingMessages.selectUser })
  .trim()
  .min(1, messagingMessages.selectUser)
  .max(100, messagingMessages.userNotFound);

/** Older pages: the cursor is the oldest message id the reader has (as the last page gave it). */
const pageFields = {
  cursor: z
    .string({ error: messagingMessages.invalidCursor })
    .regex(/^[1-9]\d{0,15}$/, messagingMessages.invalidCursor)
    .nullish(),
  limit: z.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
};

/** A message's send key (send-keys.ts): a message sent again with its key is posted once. */
export const sendKeySchema = sendKeyOf(messagingMessages.invalidSendKey);

export const SendGlobalMessageInput = z.object({
  msg: messageText,
  sendKey: sendKeySchema.optional(),
});
export type SendGlobalMessageInput = z.infer<typeof SendGlobalMessageInput>;

export const GlobalMessagesInput = z.object(pageFields);
export type GlobalMessagesInput = z.infer<typeof GlobalMessagesInput>;

export const ChatIdInput = z.object({ chatId: chatIdSchema });
export type ChatIdInput = z.infer<typeof ChatIdInput>;

export const ChatMessagesInput = z.object({ chatId: chatIdSchema, ...pageFields });
export type ChatMessagesInput = z.infer<typeof ChatMessagesInput>;

export const SendChatMessageInput = z.object({
  chatId: chatIdSchema,
  msg: messageText,
  sendKey: sendKeySchema.optional(),
});
export type SendChatMessageInput = z.infer<typeof SendChatMessageInput>;

/**
 * Start a one-to-one chat with a user (an existing one with them is opened instead), or, with more
 * people in `alsoWith`, a new group chat of everyone.
 */
export const CreateChatInput = z.object({
  username: pickedUser,
  alsoWith: z
    .array(pickedUser, { error: messagingMessages.selectUser })
    .max(CHAT_CREATE_MAX_PEOPLE - 2, messagingMessages.tooManyPeople)
    .optional(),
});
export type CreateChatInput = z.infer<typeof CreateChatInput>;

export const AddParticipantInput = z.object({
  chatId: chatIdSchema,
  username: pickedUser,
});
export type AddParticipantInput = z.infer<typeof AddParticipantInput>;

export const MessagingEventsInput = z.object({ lastEventId: z.string().max(32).nullish() });

export const CHAT_UPDATE_TYPES = ['created', 'newMessage', 'newParticipant'] as const;
export type ChatUpdateType = (typeof CHAT_UPDATE_TYPES)[number];

/** SPEC §4: a chat update's type; any other is 'Invalid chat update type'. */
export const chatUpdateType = z.enum(CHAT_UPDATE_TYPES, {
  error: messagingMessages.invalidUpdateType,
});
