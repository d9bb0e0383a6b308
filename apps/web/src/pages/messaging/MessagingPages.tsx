import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /messaging: the global chat room (placeholder). */
export function GlobalChatPage() {
  useDocumentTitle('Chat Room');
  return (
    <ComingSoon
      title="Chat Room"
      description="Talk with everyone on the site in one global chat room."
    />
  );
}

/** /messaging/direct-message: one-to-one chats (placeholder). */
export function DirectMessagesPage() {
  useDocumentTitle('Direct Messages');
  return <ComingSoon title="Direct Messages" description="Start private chats with other users." />;
}
