import {
  formErrors,
  MESSAGES_PAGE_SIZE,
  messagingMessages,
  SendGlobalMessageInput,
} from '@app/validators';
import { useMemo } from 'react';
import { useUserContext } from '../../shared/session/context';
import { Alert, LoadingState, PageHeader } from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useGlobalChatSeenWhileOpen } from './globalNews';
import { useLiveGlobalChat } from './live';
import { useLiveMessages } from './cache';
import { useNow } from '../../shared/hooks/useNow';
import { useSendMessage } from './useSendMessage';
import { prefixedError } from '../../shared/lib/errors';
import { shownMessages } from './messageCache';
import { trpc } from '../../trpc';
import { MessageComposer, type CheckedMessage } from './MessageComposer';
import { PagedMessageLog } from './PagedMessageLog';

/** The global message checked by the server's own schema. */
function checkGlobalMessage(text: string): CheckedMessage {
  const error = formErrors(SendGlobalMessageInput, { msg: text }).msg;
  return error ? { error } : { msg: SendGlobalMessageInput.parse({ msg: text }).msg };
}

/**
 * Global chat (/messaging, SPEC §2): 'Chat Room', everyone's messages oldest first with the newest at
 * the bottom (the latest 50, older ones on demand), live; 'Type your message here' and Send.
 */
export default function GlobalChatPage() {
  useDocumentTitle(messagingMessages.chatRoom);
  useLiveGlobalChat();
  const me = useUserContext().user.username;
  const history = trpc.message.list.useInfiniteQuery(
    { limit: MESSAGES_PAGE_SIZE },
    {
      getNextPageParam: (page) => page.nextCursor,
      // The live stream keeps it current.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    },
  );
  const live = useLiveMessages('global');
  const messages = useMemo(() => shownMessages(history.data, live), [history.data, live]);
  // Looking at the room clears the menu's mark for it.
  useGlobalChatSeenWhileOpen(messages);
  const now = useNow(10_000, messages);
  const send = useSendMessage('global');

  return (
    <div className="page chat-page">
      <PageHeader title={messagingMessages.chatRoom} subtitle="Talk with everyone on the site." />
      <div className="chat-panel">
        {history.isPending ? (
          <LoadingState label="Loading messages..." />
        ) : !history.data ? (
          <Alert>{prefixedError('Error while fetching the messages', history.error)}</Alert>
        ) : (
          <PagedMessageLog
            label={`${messagingMessages.chatRoom} messages`}
            messages={messages}
            me={me}
            now={now}
            history={history}
            flagKind="global_message"
          />
        )}
        <MessageComposer
          label={messagingMessages.typeGlobal}
          check={checkGlobalMessage}
          onSend={send}
        />
      </div>
    </div>
  );
}
