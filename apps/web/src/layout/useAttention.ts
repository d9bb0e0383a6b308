import { useMyTurnCount } from '../features/games';
import { totalUnread } from '../features/messaging/chats';
import { useAttentionTitle } from '../shared/hooks/useDocumentTitle';
import { trpc } from '../trpc';

/**
 * The tab title's '(n) ': unread direct messages, unread notifications about posts (a direct
 * message's notification is the message itself, counted once) and games where it is the viewer's
 * turn. Each source is a live read kept current by its stream.
 */
export function useAttention(): void {
  const unreadMessages = trpc.chat.list.useQuery(undefined, { select: totalUnread }).data;
  const unreadNotifications = trpc.notification.unreadPosts.useQuery().data;
  const myTurnGames = useMyTurnCount();
  useAttentionTitle([unreadMessages, unreadNotifications, myTurnGames]);
}
