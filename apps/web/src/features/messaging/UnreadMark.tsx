import { messagingMessages } from '@app/validators';

/** A dot for news without a number (the global chat): its text alternative reads 'new messages'. */
export function UnreadMark({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <span className="unread-mark">
      <span className="visually-hidden"> ({messagingMessages.globalUnread})</span>
    </span>
  );
}
