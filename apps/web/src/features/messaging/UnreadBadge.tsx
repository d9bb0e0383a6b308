import { unreadLabel } from './chats';

export interface UnreadBadgeProps {
  count: number;
}

/** A count of unread messages; nothing when zero. Its text alternative reads '3 unread'. */
export function UnreadBadge({ count }: UnreadBadgeProps) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden"> ({unreadLabel(count)})</span>
    </span>
  );
}
