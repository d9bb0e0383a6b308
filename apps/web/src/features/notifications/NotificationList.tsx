import type { NotificationView } from '@app/api';
import { notificationAction, notificationMessages } from '@app/validators';
import { Link } from 'react-router-dom';
import { Avatar } from '../../shared/components/Avatar';
import { RelativeTime } from '../../shared/components/RelativeTime';
import { notificationLink, postOf } from './notificationCache';

export interface NotificationListProps {
  items: readonly NotificationView[];
  now: number;
  /** Called as a notification is opened (before the app goes to its place). */
  onOpen: (notification: NotificationView) => void;
  /** The bell's panel: shorter rows. */
  compact?: boolean;
}

/** What a notification says: "bob answered your question ‘…’", with the start of what was written. */
function Sentence({ notification }: { notification: NotificationView }) {
  const { place, kind, actor } = notification;
  return (
    <span className="notification__sentence">
      <strong className="notification__actor">{actor}</strong>{' '}
      {notificationAction(kind, postOf(place))}
      {place.type === 'question' && (
        <>
          {' '}
          <span className="notification__title">‘{place.title}’</span>
        </>
      )}
    </span>
  );
}

/** A list of notifications; each is a link to its place, and opening it marks it read. */
export function NotificationList({ items, now, onOpen, compact = false }: NotificationListProps) {
  return (
    <ul className={`notification-list${compact ? ' notification-list--compact' : ''}`}>
      {items.map((notification) => (
        <li
          key={notification.id}
          className={`notification${notification.read ? '' : ' notification--unread'}`}
        >
          <Link
            to={notificationLink(notification.place)}
            className="notification__link"
            onClick={() => onOpen(notification)}
          >
            <Avatar username={notification.actor} />
            <span className="notification__body">
              <Sentence notification={notification} />
              {notification.excerpt && (
                <span className="notification__excerpt">{notification.excerpt}</span>
              )}
              <span className="notification__meta">
                <RelativeTime date={notification.createdAt} now={now} />
                {!notification.read && (
                  <span className="notification__unread">
                    <span aria-hidden="true" className="notification__dot" />
                    {notificationMessages.unread}
                  </span>
                )}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
