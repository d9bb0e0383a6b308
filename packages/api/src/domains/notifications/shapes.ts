import type { NotificationKind } from '@app/db';

export type { NotificationKind };

/** Where a notification opens: a question (at an answer or comment in it), or a direct-message chat. */
export type NotificationPlace =
  | {
      type: 'question';
      qid: number;
      title: string;
      /** The answer it is about, or the answer a comment is on; null for the question itself. */
      answerId: number | null;
      /** The comment it is about, if any. */
      commentId: number | null;
    }
  | { type: 'chat'; chatId: number };

/** One notification as its owner sees it. */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  /** Who did it (a username). */
  actor: string;
  createdAt: Date;
  read: boolean;
  place: NotificationPlace;
  /** The start of what they wrote (the answer, comment, message or mentioning post), as plain text. */
  excerpt: string;
}

/** A page of notifications, newest first; `nextCursor` fetches the older ones. */
export interface NotificationPage {
  items: NotificationView[];
  nextCursor: number | null;
}
