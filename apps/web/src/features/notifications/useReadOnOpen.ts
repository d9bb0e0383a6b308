import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageVisible } from '../../shared/hooks/usePageVisible';
import { trpc } from '../../trpc';
import { useApplyNotificationEvent } from './useNotifications';

/** A question's page (not its edit or revisions pages): /question/12. */
const QUESTION_PAGE = /^\/question\/([1-9]\d{0,15})\/?$/;

/** The question whose page `pathname` is, if it is one. */
export function questionOf(pathname: string): number | null {
  const qid = Number(QUESTION_PAGE.exec(pathname)?.[1]);
  return Number.isSafeInteger(qid) ? qid : null;
}

/**
 * A notification is read once its owner opens what it points to: on a question's page, however it
 * was reached (the bell, a link, the address bar), the notifications into that question are read, and
 * so are those that arrive while it is open and seen. Asked only while the bell counts unread ones,
 * so most page views send nothing. (A chat's are read by opening the chat: chat.markRead.) Mount once,
 * in the signed-in frame.
 */
export function useReadOnOpen(): void {
  const qid = questionOf(useLocation().pathname);
  const someUnread = (trpc.notification.unreadCount.useQuery().data ?? 0) > 0;
  const utils = trpc.useUtils();
  const apply = useApplyNotificationEvent();
  const visible = usePageVisible();

  useEffect(() => {
    if (qid === null || !someUnread || !visible) return;
    void utils.client.notification.questionSeen
      .mutate({ qid })
      .then(({ event }) => {
        if (event) apply(event);
      })
      .catch(() => utils.notification.unreadCount.invalidate());
  }, [qid, someUnread, visible, utils, apply]);
}
