import type { NotificationView } from '@app/api';
import { bellLabel, notificationAction, notificationMessages } from '@app/validators';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useNow } from '../../shared/hooks/useNow';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { Alert } from '../../shared/components/Alert';
import { Button } from '../../shared/components/Button';
import { LoadingState } from '../../shared/components/LoadingState';
import { NotificationList } from './NotificationList';
import { postOf } from './notificationCache';
import './notifications.css';
import { useMarkNotificationsRead, useNotificationList } from './useNotifications';
import { useLiveNotifications } from './live';

/** How many of the newest notifications the panel shows; the page shows them all. */
const PANEL_ITEMS = 8;

function BellIcon() {
  return (
    <svg className="bell__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16a1 1 0 0 0 .9 1.5h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 16a2.5 2.5 0 0 0 5 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Read aloud when a notification arrives: "New notification: bob answered your question". */
const announcementOf = (n: NotificationView): string =>
  `${notificationMessages.arrived} ${n.actor} ${notificationAction(n.kind, postOf(n.place))}`;

/**
 * The header's bell: the live unread count on a button whose name says it, and a panel with the
 * newest notifications (each opens its place and is read), Mark all as read, and a link to the page.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useLiveNotifications(
    useCallback((n: NotificationView) => setAnnouncement(announcementOf(n)), []),
  );
  const unread = trpc.notification.unreadCount.useQuery().data ?? 0;
  const list = useNotificationList({ enabled: open });
  const now = useNow(undefined, list.data);
  const { markOne, markAllRead, markingAll } = useMarkNotificationsRead();

  // Leaving the page (opening a notification included) closes the panel.
  useEffect(() => setOpen(false), [pathname]);

  // Escape closes it and gives the focus back to the bell; so does a click anywhere else.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const onMarkAll = async () => {
    setError(null);
    try {
      await markAllRead();
    } catch (err) {
      setError(prefixedError(notificationMessages.markFailed, err));
    }
  };

  const items = (list.data?.pages[0]?.items ?? []).slice(0, PANEL_ITEMS);
  return (
    <div className="bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="bell__button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {/* Not role="status": the header's one status is the live connection's. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <section
        id={panelId}
        className="bell__panel"
        aria-label={notificationMessages.title}
        hidden={!open}
      >
        {open && (
          <>
            <header className="bell__head">
              <h2 className="bell__title">{notificationMessages.title}</h2>
              <Button
                variant="ghost"
                size="sm"
                busy={markingAll}
                disabled={unread === 0}
                onClick={() => void onMarkAll()}
              >
                {notificationMessages.markAllRead}
              </Button>
            </header>
            {error && <Alert>{error}</Alert>}
            {list.isPending && <LoadingState label={notificationMessages.loading} />}
            {list.isError && (
              <Alert>{prefixedError(notificationMessages.loadFailed, list.error)}</Alert>
            )}
            {list.isSuccess && items.length === 0 && (
              <p className="bell__empty">{notificationMessages.empty}</p>
            )}
            {items.length > 0 && (
              <NotificationList
                items={items}
                now={now}
                onOpen={(notification) => {
                  markOne(notification);
                  setOpen(false);
                }}
                compact
              />
            )}
            <Link to="/notifications" className="bell__all">
              {notificationMessages.seeAll}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
