/** What the messaging procedures and events hand out. Senders are usernames, times are Dates. */

export interface MessageView {
  id: number;
  msg: string;
  msgFrom: string;
  msgDateTime: Date;
  /** Only on the sender's own message while flags hide it from everyone else. */
  hidden?: true;
}

/** One page of a conversation, oldest first; `nextCursor` fetches the page of older messages. */
export interface MessagePage {
  items: MessageView[];
  nextCursor: string | null;
}

export interface ChatDetail {
  id: number;
  /** Usernames, in the order they joined. */
  participants: string[];
  createdAt: Date;
}

/** A chat in the viewer's list: most recently active first. */
export interface ChatSummary extends ChatDetail {
  lastMessage: MessageView | null;
  /** When it was created or last written in. */
  lastActivityAt: Date;
  /** The newest message id in the chat (0 when empty): a live message with a higher id is news. */
  latestMessageId: number;
  /** Messages from others after the viewer's read position. */
  unread: number;
}
