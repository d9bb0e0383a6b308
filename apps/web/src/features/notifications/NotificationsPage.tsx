import { notificationMessages } from '@app/validators';
import { useState } from 'react';
import { Alert, Button, EmptyState, LoadingState, PageHeader } from '../../shared/components';
import { LoadMoreButton } from '../../shared/components/LoadMoreButton';
import { NotificationList } from './NotificationList';
import { useMarkNotificationsRead, useNotificationList } from './useNotifications';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNow } from '../../shared/hooks/useNow';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';

/** /notifications: every notification of the viewer's, newest first, older ones on demand. */
export default function NotificationsPage() {
  useDocumentTitle(notificationMessages.title);
  const list = useNotificationList();
  const now = useNow(undefined, list.data);
  const unread = trpc.notification.unreadCount.useQuery().data ?? 0;
  const { markOne, markAllRead, markingAll } = useMarkNotificationsRead();
  const [error, setError] = useState<string | null>(null);

  const onMarkAll = async () => {
    setError(null);
    try {
      await markAllRead();
    } catch (err) {
      setError(prefixedError(notificationMessages.markFailed, err));
    }
  };

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="page notifications-page">
      <PageHeader
        title={notificationMessages.title}
        actions={
          <Button
            variant="secondary"
            busy={markingAll}
            disabled={unread === 0}
            onClick={() => void onMarkAll()}
          >
            {notificationMessages.markAllRead}
          </Button>
        }
      />
      {error && <Alert>{error}</Alert>}
      {list.isPending && <LoadingState label={notificationMessages.loading} />}
      {list.isError && <Alert>{prefixedError(notificationMessages.loadFailed, list.error)}</Alert>}
      {list.isSuccess && items.length === 0 && <EmptyState title={notificationMessages.empty} />}
      {items.length > 0 && <NotificationList items={items} now={now} onOpen={markOne} />}
      {list.hasNextPage && (
        <LoadMoreButton
          onLoadMore={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        />
      )}
    </div>
  );
}
