import { Link } from 'react-router-dom';
import { Avatar, EmptyState, RelativeTime } from '../../shared/components';
import { UnreadBadge } from './UnreadBadge';
import { chatTitle, otherParticipants, type ChatSummary } from './chats';

export interface ChatListProps {
  chats: readonly ChatSummary[];
  selectedId: number | null;
  me: string;
  now: number;
}

/** The viewer's chats, most recently active first: 'Chat with: …', the last message, unread count. */
export function ChatList({ chats, selectedId, me, now }: ChatListProps) {
  if (chats.length === 0) {
    return (
      <EmptyState title="No chats yet">Start a chat to talk with someone in private.</EmptyState>
    );
  }
  return (
    <ul className="chat-list">
      {chats.map((chat) => {
        const last = chat.lastMessage;
        const selected = chat.id === selectedId;
        return (
          <li key={chat.id}>
            <Link
              to={{ search: `?chat=${chat.id}` }}
              className={`chat-list__item${selected ? ' is-active' : ''}${chat.unread > 0 ? ' has-unread' : ''}`}
              aria-current={selected ? 'page' : undefined}
            >
              <Avatar username={otherParticipants(chat.participants, me)[0] ?? me} />
              <span className="chat-list__text">
                <span className="chat-list__title">{chatTitle(chat.participants, me)}</span>
                <span className="chat-list__preview">
                  {last
                    ? `${last.msgFrom === me ? 'You' : last.msgFrom}: ${last.msg}`
                    : 'No messages yet'}
                </span>
              </span>
              <span className="chat-list__side">
                <RelativeTime className="chat-list__time" date={chat.lastActivityAt} now={now} />
                <UnreadBadge count={chat.unread} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
