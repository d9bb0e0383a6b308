import {
  formErrors,
  MESSAGES_PAGE_SIZE,
  messagingMessages,
  SendChatMessageInput,
} from '@app/validators';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useUserContext } from '../../shared/session/context';
import { Alert, Button, LoadingState } from '../../shared/components';
import { useLiveMessages, useMessagingCache, useReadingChat } from './cache';
import { useNow } from '../../shared/hooks/useNow';
import { usePageVisible } from '../../shared/hooks/usePageVisible';
import { useSendMessage } from './useSendMessage';
import { chatTitle } from './chats';
import { errorCode, errorMessage, prefixedError } from '../../shared/lib/errors';
import { newestFromOthers, shownMessages } from './messageCache';
import { trpc } from '../../trpc';
import { AddParticipantForm } from './AddParticipantForm';
import { MessageComposer, type CheckedMessage } from './MessageComposer';
import { PagedMessageLog } from './PagedMessageLog';

export interface ChatViewProps {
  chatId: number;
}

/**
 * One open chat: 'Chat with: …', its participants (and a way to add one), its messages paged like the
 * global room, 'Type a message...' and Send. Opening it, and new messages arriving while it is open and
 * the page visible, mark it read. Mount it keyed by chatId.
 */
export function ChatView({ chatId }: ChatViewProps) {
  const me = useUserContext().user.username;
  const headingId = useId();
  const detail = trpc.chat.byId.useQuery({ chatId });
  const history = trpc.chat.messages.useInfiniteQuery(
    { chatId, limit: MESSAGES_PAGE_SIZE },
    {
      getNextPageParam: (page) => page.nextCursor,
      // The chat events keep it current.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    },
  );
  const live = useLiveMessages(chatId);
  const messages = useMemo(() => shownMessages(history.data, live), [history.data, live]);
  const now = useNow(10_000, messages);
  const send = useSendMessage(chatId);
  const check = useCallback(
    (text: string): CheckedMessage => {
      const error = formErrors(SendChatMessageInput, { chatId, msg: text }).msg;
      return error ? { error } : { msg: SendChatMessageInput.parse({ chatId, msg: text }).msg };
    },
    [chatId],
  );
  const [adding, setAdding] = useState(false);
  const addPanelId = useId();

  const ready = detail.isSuccess && history.isSuccess;
  const visible = usePageVisible();
  useReadingChat(chatId, ready && visible);
  useMarkRead(chatId, ready && visible, newestFromOthers(messages, me));

  if (detail.isError || (history.isError && !history.data)) {
    const error = detail.error ?? history.error;
    const code = errorCode(error);
    const sentence =
      code === 'FORBIDDEN'
        ? errorMessage(error, messagingMessages.notParticipant)
        : code === 'NOT_FOUND'
          ? errorMessage(error, messagingMessages.chatNotFound)
          : prefixedError('Error while fetching the chat', error);
    return (
      <div className="chat-view chat-view--message">
        <Alert>{sentence}</Alert>
      </div>
    );
  }
  if (!detail.data || !history.data) return <LoadingState label="Loading chat..." />;

  const participants = detail.data.participants;
  return (
    <section className="chat-view" aria-labelledby={headingId}>
      <header className="chat-view__header">
        <div className="chat-view__heading">
          <h2 id={headingId} className="chat-view__title">
            {chatTitle(participants, me)}
          </h2>
          <p className="chat-view__participants">
            Participants:{' '}
            {participants.map((p, index) => (
              <span key={p}>
                {index > 0 && ', '}
                {p === me ? `${p} (you)` : p}
              </span>
            ))}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={adding}
          aria-controls={addPanelId}
          onClick={() => setAdding((open) => !open)}
        >
          {adding ? 'Cancel' : 'Add Participant'}
        </Button>
      </header>
      {adding && (
        <AddParticipantForm
          id={addPanelId}
          chatId={chatId}
          participants={participants}
          onAdded={() => setAdding(false)}
        />
      )}
      <PagedMessageLog
        label={`${chatTitle(participants, me)} messages`}
        messages={messages}
        me={me}
        now={now}
        history={history}
        flagKind="chat_message"
      />
      <MessageComposer label={messagingMessages.typeDirect} check={check} onSend={send} />
    </section>
  );
}

/**
 * Marks the chat read on open, and again when a message from someone else arrives while the reader
 * is looking (`active`); the reply's 'read' event clears the unread count everywhere.
 */
function useMarkRead(chatId: number, active: boolean, newestFromOthersId: number): void {
  const { applyInbox } = useMessagingCache();
  const { mutate: markRead } = trpc.chat.markRead.useMutation();
  const marked = useRef(-1);
  useEffect(() => {
    if (!active || newestFromOthersId <= marked.current) return;
    marked.current = newestFromOthersId;
    markRead(
      { chatId },
      {
        onSuccess: ({ event }) => event && applyInbox(event),
        // Not read after all: the next message or visit tries again.
        onError: () => {
          marked.current = -1;
        },
      },
    );
  }, [active, chatId, newestFromOthersId, markRead, applyInbox]);
}
