import type { InfiniteData } from '@tanstack/react-query';
import type { RouterOutputs } from '../../trpc';

/** One message as the server sends it (global room and direct chats alike). */
export type MessageView = RouterOutputs['message']['list']['items'][number];
/** One page of a conversation: oldest first; nextCursor fetches the page of older messages. */
export type MessagePage = RouterOutputs['message']['list'];
/** The cached pages of a conversation's history (useInfiniteQuery's data): newest page first. */
export type MessageHistory = InfiniteData<MessagePage, unknown>;

/** A message the viewer sent that the server has not confirmed yet: shown at once, marked "sending…". */
export interface PendingMessage {
  tempId: string;
  msg: string;
  msgFrom: string;
  msgDateTime: Date;
}

/**
 * What a conversation gained after its history was read: messages confirmed by the server (live events
 * and send replies, by id) and the viewer's unconfirmed ones (in the order sent). Kept apart from the
 * paged history, so loading or refetching a page can never drop a live message.
 */
export interface LiveMessages {
  confirmed: readonly MessageView[];
  pending: readonly PendingMessage[];
}

export const NO_LIVE_MESSAGES: LiveMessages = Object.freeze({ confirmed: [], pending: [] });

/** One row of the message list. */
export interface ShownMessage {
  /** Stable React key: the message id, or the pending message's temporary id. */
  key: string;
  /** The server's id; null while pending. */
  id: number | null;
  msg: string;
  msgFrom: string;
  msgDateTime: Date;
  pending: boolean;
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

function insertConfirmed(list: readonly MessageView[], message: MessageView): MessageView[] {
  return [...list, message].sort(byId);
}

/**
 * A confirmed message arrives (live, or replayed after a reconnect). Idempotent: a message already
 * there changes nothing. The live echo of the viewer's own message takes the place of the oldest
 * pending message with the same text, so a message never shows twice.
 */
export function addConfirmedMessage(
  live: LiveMessages,
  message: MessageView,
  me: string,
): LiveMessages {
  if (live.confirmed.some((m) => m.id === message.id)) return live;
  const claimed =
    message.msgFrom === me ? live.pending.findIndex((p) => p.msg === message.msg) : -1;
  return {
    confirmed: insertConfirmed(live.confirmed, message),
    pending: claimed < 0 ? live.pending : live.pending.filter((_, index) => index !== claimed),
  };
}

/** The viewer sends a message: it shows at once, after everything else. */
export function addPendingMessage(live: LiveMessages, pending: PendingMessage): LiveMessages {
  if (live.pending.some((p) => p.tempId === pending.tempId)) return live;
  return { ...live, pending: [...live.pending, pending] };
}

/**
 * The server confirmed a pending message: it is replaced by the server's message. When the live echo
 * came first it has already taken a pending message's place (perhaps another one with the same text),
 * so the confirmed message then takes the place of one still pending with its text.
 */
export function confirmPendingMessage(
  live: LiveMessages,
  tempId: string,
  message: MessageView,
  me: string,
): LiveMessages {
  if (!live.pending.some((p) => p.tempId === tempId)) return addConfirmedMessage(live, message, me);
  const pending = live.pending.filter((p) => p.tempId !== tempId);
  if (live.confirmed.some((m) => m.id === message.id)) return { ...live, pending };
  return { confirmed: insertConfirmed(live.confirmed, message), pending };
}

/** Sending failed: the pending message goes away (its text goes back into the box). */
export function dropPendingMessage(live: LiveMessages, tempId: string): LiveMessages {
  if (!live.pending.some((p) => p.tempId === tempId)) return live;
  return { ...live, pending: live.pending.filter((p) => p.tempId !== tempId) };
}

/** Flags hid a confirmed message: it leaves the live messages (the history is read again). */
export function dropConfirmedMessage(live: LiveMessages, id: number): LiveMessages {
  if (!live.confirmed.some((m) => m.id === id)) return live;
  return { ...live, confirmed: live.confirmed.filter((m) => m.id !== id) };
}

/** True when older pages exist beyond those loaded. */
export function hasOlderMessages(history: MessageHistory | undefined): boolean {
  const pages = history?.pages ?? [];
  return pages.length > 0 && pages[pages.length - 1]?.nextCursor != null;
}

/**
 * The conversation as shown, oldest first: the loaded history pages, then the live messages (without
 * repeats), then the pending ones. A live message older than the loaded history is left out until its
 * page is loaded, so the list never shows a gap.
 */
export function shownMessages(
  history: MessageHistory | undefined,
  live: LiveMessages,
): ShownMessage[] {
  const byKey = new Map<number, MessageView>();
  for (const page of history?.pages ?? []) for (const item of page.items) byKey.set(item.id, item);
  let oldest = Number.POSITIVE_INFINITY;
  for (const id of byKey.keys()) if (id < oldest) oldest = id;
  const complete = !hasOlderMessages(history);
  for (const message of live.confirmed) {
    if (complete || message.id >= oldest) byKey.set(message.id, message);
  }
  const confirmed = [...byKey.values()].sort(byId).map((m): ShownMessage => ({
    key: `m${m.id}`,
    id: m.id,
    msg: m.msg,
    msgFrom: m.msgFrom,
    msgDateTime: m.msgDateTime,
    pending: false,
  }));
  const pending = live.pending.map((p): ShownMessage => ({
    key: p.tempId,
    id: null,
    msg: p.msg,
    msgFrom: p.msgFrom,
    msgDateTime: p.msgDateTime,
    pending: true,
  }));
  return [...confirmed, ...pending];
}

/** The newest confirmed message id written by someone other than the viewer (0 when none). */
export function newestFromOthers(messages: readonly ShownMessage[], me: string): number {
  let newest = 0;
  for (const m of messages) if (m.id !== null && m.msgFrom !== me && m.id > newest) newest = m.id;
  return newest;
}
