import type { ChatEvent, InboxEvent } from '@app/api';
import { ChatIdInput, formError, messagingMessages } from '@app/validators';
import type { RouterOutputs } from '../../trpc';
import { later } from '../../shared/lib/dates';

/** A chat in the viewer's list, as chat.list sends it. */
export type ChatSummary = RouterOutputs['chat']['list'][number];
/** One chat's participants, as chat.byId sends it. */
export type ChatDetail = RouterOutputs['chat']['byId'];
export type { ChatEvent, InboxEvent };

/**
 * The result of applying an event to the cached chat list: the new list (the same array when nothing
 * changed), and whether only a refetch can tell.
 */
export interface ChatListPatch {
  list: ChatSummary[];
  /** True when the event concerns a chat the list cannot build from the event alone. */
  refetch: boolean;
}

// Same order as the server: most recently active first (the newer chat first on a tie).
const byActivity = (a: ChatSummary, b: ChatSummary) =>
  b.lastActivityAt.getTime() - a.lastActivityAt.getTime() || b.id - a.id;

function replace(list: readonly ChatSummary[], chat: ChatSummary): ChatSummary[] {
  return list.map((c) => (c.id === chat.id ? chat : c)).sort(byActivity);
}

/**
 * Applies one chat event to the viewer's cached chat list. Pure and idempotent, so a replay after a
 * reconnect, or a write's own event arriving again live, changes nothing:
 * - created: a chat that includes the viewer joins the list (once);
 * - newMessage: a message newer than the chat's latest becomes its last message, moves the chat up,
 *   and counts as unread unless the viewer is reading that chat right now (`reading`); one the viewer
 *   wrote (on any device) means they have read everything up to it, as the server records;
 * - newParticipant: the participants are replaced by the event's (never by a shorter, older list);
 *   the viewer being added to a chat not in the list calls for a refetch.
 */
export function applyChatEventToList(
  list: ChatSummary[],
  event: ChatEvent,
  me: string,
  reading: number | null = null,
): ChatListPatch {
  const unchanged = { list, refetch: false };
  const chat = list.find((c) => c.id === event.chatId);
  switch (event.type) {
    case 'created': {
      if (chat || !event.chat.participants.includes(me)) return unchanged;
      const created: ChatSummary = {
        ...event.chat,
        lastMessage: null,
        lastActivityAt: event.lastActivityAt,
        latestMessageId: 0,
        unread: 0,
      };
      return { list: [...list, created].sort(byActivity), refetch: false };
    }
    case 'newMessage': {
      if (!chat) return { ...unchanged, refetch: true };
      const { message } = event;
      if (message.id <= chat.latestMessageId) return unchanged;
      const mine = message.msgFrom === me;
      return {
        list: replace(list, {
          ...chat,
          lastMessage: message,
          latestMessageId: message.id,
          lastActivityAt: later(chat.lastActivityAt, event.lastActivityAt),
          unread: mine ? 0 : chat.unread + (reading === chat.id ? 0 : 1),
        }),
        refetch: false,
      };
    }
    // Flags hid a message (it may be the one the list shows last), or it was shown again.
    case 'messageHidden':
      return chat?.lastMessage?.id === event.messageId
        ? { ...unchanged, refetch: true }
        : unchanged;
    case 'newParticipant': {
      if (!chat) return { ...unchanged, refetch: event.participants.includes(me) };
      if (event.participants.length <= chat.participants.length) return unchanged;
      return { list: replace(list, { ...chat, participants: event.participants }), refetch: false };
    }
  }
}

/**
 * Applies the viewer's own 'read' event (from this device or another) to the cached chat list: a read
 * position at or past the chat's latest message clears its count; an older one (messages came after it)
 * leaves the count to a refetch.
 */
export function applyInboxEventToList(list: ChatSummary[], event: InboxEvent): ChatListPatch {
  const chat = list.find((c) => c.id === event.chatId);
  if (!chat) return { list, refetch: false };
  if (event.lastReadId < chat.latestMessageId) return { list, refetch: chat.unread > 0 };
  if (chat.unread === 0) return { list, refetch: false };
  return { list: replace(list, { ...chat, unread: 0 }), refetch: false };
}

/** Applies a chat event to one cached chat (its participants); events of other chats leave it alone. */
export function applyChatEventToDetail(detail: ChatDetail, event: ChatEvent): ChatDetail {
  if (event.chatId !== detail.id || event.type !== 'newParticipant') return detail;
  if (event.participants.length <= detail.participants.length) return detail;
  return { ...detail, participants: event.participants };
}

/** The unread messages over all of the viewer's chats. */
export function totalUnread(list: readonly ChatSummary[] | undefined): number {
  return (list ?? []).reduce((sum, chat) => sum + chat.unread, 0);
}

/** The other participants, in the order they joined (the viewer alone: the viewer). */
export function otherParticipants(participants: readonly string[], me: string): string[] {
  const others = participants.filter((p) => p !== me);
  return others.length ? others : [...participants];
}

/** SPEC §2: 'Chat with: bob, carol'. */
export function chatTitle(participants: readonly string[], me: string): string {
  return `${messagingMessages.chatWith} ${otherParticipants(participants, me).join(', ')}`;
}

/** '3 unread': the text alternative of an unread badge. */
export const unreadLabel = (count: number) => `${count} unread`;

/** What the ?chat= parameter selects: nothing, a chat id, or an invalid value (with the spec's sentence). */
export type ChatSelection =
  { kind: 'none' } | { kind: 'chat'; chatId: number } | { kind: 'invalid'; message: string };

/** Reads ?chat= with the same rule the server checks chat ids with. */
export function parseChatParam(param: string | null): ChatSelection {
  if (param === null || param.trim() === '') return { kind: 'none' };
  const chatId = /^\d{1,16}$/.test(param.trim()) ? Number(param) : Number.NaN;
  const problem = formError(ChatIdInput, { chatId });
  return problem ? { kind: 'invalid', message: problem } : { kind: 'chat', chatId };
}
