import { z } from 'zod';
import { USERNAME_MAX } from './auth';

/** Notifications: inputs, how a post's @mentions are read, and every sentence the bell and list show. */

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** At most this many people are told of one post's mentions: a post naming fifty users is spam. */
export const MENTIONS_PER_POST = 10;

export const notificationMessages = {
  title: 'Notifications',
  empty: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  unread: 'Unread',
  seeAll: 'See all notifications',
  notFound: 'Notification not found',
  invalidId: 'Invalid notification ID',
  invalidCursor: 'Invalid cursor',
  loading: 'Loading notifications...',
  /** Read aloud before a new notification's sentence. */
  arrived: 'New notification:',
  loadFailed: 'Error while loading notifications',
  markFailed: 'Error while marking notifications as read',
} as const;

/** The bell's accessible name: what it is and how many are unread. */
export const bellLabel = (unread: number): string =>
  unread === 0
    ? 'Notifications, none unread'
    : `Notifications, ${unread > 99 ? 'more than 99' : unread} unread`;

export type NotificationKindName = 'answer' | 'comment' | 'accepted' | 'message' | 'mention';

/**
 * What the actor did, said between their name and the question's title: "bob answered your question
 * ‘How do I…’". Where a comment or mention sits decides the words.
 */
export function notificationAction(
  kind: NotificationKindName,
  where: { answerId: number | null; commentId: number | null },
): string {
  switch (kind) {
    case 'answer':
      return 'answered your question';
    case 'comment':
      return where.answerId === null ? 'commented on your question' : 'commented on your answer to';
    case 'accepted':
      return 'accepted your answer to';
    case 'mention':
      return where.commentId !== null
        ? 'mentioned you in a comment on'
        : where.answerId !== null
          ? 'mentioned you in an answer to'
          : 'mentioned you in';
    case 'message':
      return 'sent you a direct message';
  }
}

const notificationId = z
  .number({ error: notificationMessages.invalidId })
  .int(notificationMessages.invalidId)
  .positive(notificationMessages.invalidId)
  .max(Number.MAX_SAFE_INTEGER, notificationMessages.invalidId);

export const NotificationIdInput = z.object({ id: notificationId });
export type NotificationIdInput = z.infer<typeof NotificationIdInput>;

/** A question whose page the viewer opened: its notifications are read. */
export const NotificationQuestionInput = z.object({ qid: z.number().int().positive() });
export type NotificationQuestionInput = z.infer<typeof NotificationQuestionInput>;

/** Newest first; older pages before `cursor` (the oldest id the reader has, as the last page gave it). */
export const NotificationListInput = z.object({
  cursor: z
    .number({ error: notificationMessages.invalidCursor })
    .int(notificationMessages.invalidCursor)
    .positive(notificationMessages.invalidCursor)
    .max(Number.MAX_SAFE_INTEGER, notificationMessages.invalidCursor)
    .nullish(),
  limit: z.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationListInput = z.input<typeof NotificationListInput>;

/** The resumable stream of the viewer's own notifications: the last event id the client saw. */
export const NotificationEventsInput = z.object({ lastEventId: z.string().max(32).nullish() });

// Text inside code is not a mention: `@Override` in a Java snippet tells nobody anything.
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CODE_SPAN = /(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;
// An @ that starts a word: not inside an e-mail address, a URL path (/@name) or an escaped \@.
const MENTION = /(?<![A-Za-z0-9_.@/\\-])@([A-Za-z0-9_.-]+)/g;

function withoutCode(text: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const opening = FENCE.exec(line);
    if (fence !== null) {
      const closes =
        opening?.[1] !== undefined &&
        opening[1][0] === fence[0] &&
        opening[1].length >= fence.length &&
        line.slice(opening[0].length).trim() === '';
      if (closes) fence = null;
      continue;
    }
    if (opening?.[1] !== undefined) {
      fence = opening[1];
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n').replace(CODE_SPAN, ' ');
}

/**
 * The names a text mentions with @name, lower-cased (names are unique regardless of case), once
 * each, in order, at most MENTIONS_PER_POST; code spans and fenced code are skipped. A mention
 * that ends a sentence ("thanks @bob.") also offers the name without its trailing dots or dashes:
 * the server keeps whichever names exist.
 */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  let mentions = 0;
  for (const match of withoutCode(text).matchAll(MENTION)) {
    if (mentions >= MENTIONS_PER_POST) break;
    const written = (match[1] ?? '').toLowerCase();
    const trimmed = written.replace(/[.-]+$/, '');
    const forms = [written, trimmed].filter(
      (name) => name.length > 0 && name.length <= USERNAME_MAX && /[a-z0-9]/.test(name),
    );
    if (forms.length === 0 || forms.every((name) => names.has(name))) continue;
    forms.forEach((name) => names.add(name));
    mentions++;
  }
  return [...names];
}
