import type { ChatDetail, MessageView } from './shapes';

/** The 'message' topic: the global chat room (no key). */
export type GlobalMessageEvent =
  | { type: 'newMessage'; message: MessageView }
  /** Flags hid the message (readers drop it) or a moderator showed it again (readers reload). */
  | { type: 'hidden'; messageId: number; hidden: boolean };

/**
 * The 'chat' topic, keyed by chat id; only the chat's participants receive its events (checked for
 * every event, in the replay too). SPEC §4's chat update types.
 */
export type ChatEvent =
  | { type: 'created'; chatId: number; chat: ChatDetail; lastActivityAt: Date }
  | { type: 'newMessage'; chatId: number; message: MessageView; lastActivityAt: Date }
  | { type: 'newParticipant'; chatId: number; username: string; participants: string[] }
  /** Flags hid one of the chat's messages, or a moderator showed it again. */
  | { type: 'messageHidden'; chatId: number; messageId: number; hidden: boolean };

/** The 'inbox' topic, keyed by username: the user's own read positions, for their other devices. */
export interface InboxEvent {
  type: 'read';
  chatId: number;
  /** The newest message id the user has read in that chat. */
  lastReadId: number;
}

declare module '../../core/topics' {
  interface EventMap {
    message: GlobalMessageEvent;
    chat: ChatEvent;
    inbox: InboxEvent;
  }
}
