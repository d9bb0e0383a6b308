import { messagingMessages } from '@app/validators';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUserContext } from '../../shared/session/context';
import { Alert, Button, EmptyState, LoadingState, PageHeader } from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNow } from '../../shared/hooks/useNow';
import { parseChatParam } from './chats';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { ChatList } from './ChatList';
import { ChatView } from './ChatView';
import { CreateChatPanel } from './CreateChatPanel';

/**
 * Direct messages (/messaging/direct-message, SPEC §2): 'Start a Chat' / 'Hide Create Chat Panel' with
 * a user picker and Create New Chat; the viewer's chats ('Chat with: …', most recently active first,
 * unread counts); the selected chat (?chat=12, so reload and back keep it), or 'Select a user to start
 * chatting'. Live through the chat events the layout subscribes to.
 */
export default function DirectMessagesPage() {
  useDocumentTitle('Direct Messages');
  const me = useUserContext().user.username;
  const [params, setParams] = useSearchParams();
  const selection = parseChatParam(params.get('chat'));
  const selectedId = selection.kind === 'chat' ? selection.chatId : null;
  const [creating, setCreating] = useState(false);
  const panelId = useId();
  const chats = trpc.chat.list.useQuery();
  const now = useNow(10_000, chats.data);

  return (
    <div className={`page dm-page${selectedId !== null ? ' has-open-chat' : ''}`}>
      <PageHeader
        title="Direct Messages"
        actions={
          <Button
            variant={creating ? 'secondary' : 'primary'}
            aria-expanded={creating}
            aria-controls={panelId}
            onClick={() => setCreating((open) => !open)}
          >
            {creating ? messagingMessages.hideCreatePanel : messagingMessages.startChat}
          </Button>
        }
      />
      {creating && (
        <CreateChatPanel
          id={panelId}
          onOpen={(chatId) => {
            setCreating(false);
            setParams({ chat: String(chatId) });
          }}
        />
      )}
      <div className="dm-layout">
        <nav className="dm-layout__chats" aria-label="Your chats">
          {chats.isPending ? (
            <LoadingState label="Loading chats..." />
          ) : !chats.data ? (
            <Alert>{prefixedError('Error while fetching your chats', chats.error)}</Alert>
          ) : (
            <ChatList chats={chats.data} selectedId={selectedId} me={me} now={now} />
          )}
        </nav>
        <div className="dm-layout__chat">
          {selection.kind === 'chat' ? (
            <ChatView key={selection.chatId} chatId={selection.chatId} />
          ) : selection.kind === 'invalid' ? (
            <div className="chat-view chat-view--message">
              <Alert>{selection.message}</Alert>
            </div>
          ) : (
            <div className="chat-view chat-view--message">
              <EmptyState title={messagingMessages.selectChat} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
