import type { ChatDetail, MessageView } from './shapes';

/** The 'message' topic: the global chat room (no key). */
export interface GlobalMessageEvent {
  type: 'newMessage';
  message: MessageView;
}

/**
 * The 'chat' topic, keyed by chat id; only the chat's participants receive its events (checked for
 * every event, in the replay too). SPEC §4's chat update types.
 */
export type ChatEvent =
  | { type: 'created'; chatId: number; chat: ChatDetail; lastActivityAt: Date }
  | { type: 'newMessage'; chatId: number; message: MessageView; lastActivityAt: Date }
  | { type: 'newParticipant'; chatId: number; username: string; participants: string[] };

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
