import type { ChatEvent, GlobalMessageEvent, InboxEvent } from '@app/api';
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useMemo } from 'react';
import { useUserContext } from '../../shared/session/context';
import {
  applyChatEventToDetail,
  applyChatEventToList,
  applyInboxEventToList,
  type ChatListPatch,
  type ChatSummary,
} from './chats';
import {
  addConfirmedMessage,
  dropConfirmedMessage,
  addPendingMessage,
  confirmPendingMessage,
  dropPendingMessage,
  NO_LIVE_MESSAGES,
  type LiveMessages,
  type MessageView,
  type PendingMessage,
} from './messageCache';
import { trpc } from '../../trpc';

/** Which conversation: the global chat room, or a direct chat by id. */
export type Conversation = 'global' | number;

/** An event with its id: as a live stream delivers it, and as a write's reply hands it back. */
export interface Identified<Payload> {
  id: string;
  payload: Payload;
}

type Utils = ReturnType<typeof trpc.useUtils>;

// --- Live messages of a conversation (kept beside the paged history, see messageCache.ts) -----------

const LIVE_ROOT = ['messaging', 'live'];
/** The cache entry of a conversation's live and pending messages (what useLiveMessages reads). */
export const liveMessagesKey = (conversation: Conversation): QueryKey =>
  conversation === 'global' ? [...LIVE_ROOT, 'global'] : [...LIVE_ROOT, 'chat', conversation];

// Live messages are not refetchable: they must outlive every screen until the next sign-in (which
// clears the whole cache), or a message received while a chat was closed would go missing.
const configured = new WeakSet<QueryClient>();
function keepLiveMessages(queryClient: QueryClient): void {
  if (configured.has(queryClient)) return;
  configured.add(queryClient);
  queryClient.setQueryDefaults(LIVE_ROOT, { staleTime: Infinity, gcTime: Infinity });
}

function updateLiveMessages(
  queryClient: QueryClient,
  conversation: Conversation,
  update: (live: LiveMessages) => LiveMessages,
): void {
  keepLiveMessages(queryClient);
  queryClient.setQueryData<LiveMessages>(liveMessagesKey(conversation), (old) =>
    update(old ?? NO_LIVE_MESSAGES),
  );
}

/** The live and pending messages of a conversation, kept current by the messaging events. */
export function useLiveMessages(conversation: Conversation): LiveMessages {
  const queryClient = useQueryClient();
  keepLiveMessages(queryClient);
  const queryKey = liveMessagesKey(conversation);
  return useQuery({
    queryKey,
    // Never fetched (staleTime: Infinity); should anything refetch it, it keeps what it has.
    queryFn: () => queryClient.getQueryData<LiveMessages>(queryKey) ?? NO_LIVE_MESSAGES,
    initialData: NO_LIVE_MESSAGES,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}

// --- The chat the viewer is reading right now: its new messages are read, not unread -------------------

let readingChat: number | null = null;

/** While `active` (the chat is open and the page visible), new messages of the chat do not count as unread. */
export function useReadingChat(chatId: number, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    readingChat = chatId;
    return () => {
      if (readingChat === chatId) readingChat = null;
    };
  }, [chatId, active]);
}

// --- Events applied once -------------------------------------------------------------------------------

// The ids of events applied lately, per signed-in user: a write's own event comes back on the live stream.
const RECENT_EVENTS = 500;
const applied = { username: '', ids: new Set<string>() };
function firstTime(username: string, topic: string, id: string): boolean {
  if (applied.username !== username) {
    applied.username = username;
    applied.ids.clear();
  }
  const key = `${topic}:${id}`;
  if (applied.ids.has(key)) return false;
  applied.ids.add(key);
  if (applied.ids.size > RECENT_EVENTS)
    applied.ids.delete(applied.ids.values().next().value as string);
  return true;
}

// A chat list fetch under way when an event lands may have read the database before the event and
// would overwrite the patch: such a fetch is restarted, at most once a second so events cannot starve it.
const RESTART_GAP_MS = 1000;
let listRestartedAt = 0;

function patchChatList(
  queryClient: QueryClient,
  utils: Utils,
  patch: (list: ChatSummary[]) => ChatListPatch,
): void {
  const old = utils.chat.list.getData();
  if (!old) return;
  const { list, refetch } = patch(old);
  if (list !== old) utils.chat.list.setData(undefined, list);
  const fetching =
    queryClient.isFetching({ queryKey: getQueryKey(trpc.chat.list, undefined, 'query') }) > 0;
  const restart = list !== old && fetching && Date.now() - listRestartedAt >= RESTART_GAP_MS;
  if (restart) listRestartedAt = Date.now();
  if (refetch || restart) void utils.chat.list.invalidate();
}

/** Applies a global chat event (live, or a send's reply): the message joins the room, once. */
export function applyGlobalMessageEvent(
  queryClient: QueryClient,
  { id, payload }: Identified<GlobalMessageEvent>,
  me: string,
): void {
  if (!firstTime(me, 'message', id)) return;
  if (payload.type === 'hidden') {
    // The room as the server shows it now: without the message, or (its sender's) marked.
    updateLiveMessages(queryClient, 'global', (live) =>
      dropConfirmedMessage(live, payload.messageId),
    );
    void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.message.list) });
    return;
  }
  updateLiveMessages(queryClient, 'global', (live) =>
    addConfirmedMessage(live, payload.message, me),
  );
}

/**
 * Applies a chat event (live, or a write's reply) to everything cached: the chat list (order, last
 * message, unread count), the chat's participants and its messages.
 */
export function applyChatEvent(
  queryClient: QueryClient,
  utils: Utils,
  { id, payload }: Identified<ChatEvent>,
  me: string,
): void {
  if (!firstTime(me, 'chat', id)) return;
  patchChatList(queryClient, utils, (list) => applyChatEventToList(list, payload, me, readingChat));
  if (payload.type === 'newParticipant') {
    const key = { chatId: payload.chatId };
    utils.chat.byId.setData(key, (old) => (old ? applyChatEventToDetail(old, payload) : old));
    // The viewer was just added: a chat page they were refused a moment ago may now be read.
    if (payload.username === me) {
      void utils.chat.byId.invalidate(key);
      void utils.chat.messages.invalidate(key);
    }
  }
  if (payload.type === 'messageHidden') {
    updateLiveMessages(queryClient, payload.chatId, (live) =>
      dropConfirmedMessage(live, payload.messageId),
    );
    void utils.chat.messages.invalidate({ chatId: payload.chatId });
  }
  if (payload.type === 'newMessage') {
    updateLiveMessages(queryClient, payload.chatId, (live) =>
      addConfirmedMessage(live, payload.message, me),
    );
  }
}

/** Applies the viewer's own 'read' event (this device or another): that chat's unread count clears. */
export function applyInboxEvent(
  queryClient: QueryClient,
  utils: Utils,
  { id, payload }: Identified<InboxEvent>,
  me: string,
): void {
  if (!firstTime(me, 'inbox', id)) return;
  patchChatList(queryClient, utils, (list) => applyInboxEventToList(list, payload));
}

export interface MessagingCache {
  applyGlobal: (event: Identified<GlobalMessageEvent>) => void;
  applyChat: (event: Identified<ChatEvent>) => void;
  applyInbox: (event: Identified<InboxEvent>) => void;
  /** Shows a message the viewer is sending, before the server confirms it. */
  addPending: (conversation: Conversation, pending: PendingMessage) => void;
  /** Replaces a pending message with the server's. */
  confirmPending: (conversation: Conversation, tempId: string, message: MessageView) => void;
  /** Takes away a pending message whose sending failed. */
  dropPending: (conversation: Conversation, tempId: string) => void;
}

/** Stable functions that apply messaging events and optimistic messages to the react-query caches. */
export function useMessagingCache(): MessagingCache {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const me = useUserContext().user.username;
  return useMemo(
    () => ({
      applyGlobal: (event) => applyGlobalMessageEvent(queryClient, event, me),
      applyChat: (event) => applyChatEvent(queryClient, utils, event, me),
      applyInbox: (event) => applyInboxEvent(queryClient, utils, event, me),
      addPending: (conversation, pending) =>
        updateLiveMessages(queryClient, conversation, (live) => addPendingMessage(live, pending)),
      confirmPending: (conversation, tempId, message) =>
        updateLiveMessages(queryClient, conversation, (live) =>
          confirmPendingMessage(live, tempId, message, me),
        ),
      dropPending: (conversation, tempId) =>
        updateLiveMessages(queryClient, conversation, (live) => dropPendingMessage(live, tempId)),
    }),
    [queryClient, utils, me],
  );
}
