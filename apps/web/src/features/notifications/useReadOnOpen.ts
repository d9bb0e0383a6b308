import { useEffect, useRef } from 'react';
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
 * A notification is read once its owner opens what it points to: opening a question's page, however
 * it was reached (the bell, a link, the address bar), reads the notifications into that question —
 * once per opening, when the page is first seen; news arriving while it stays open is counted on the
 * bell as ever. Asked only while the bell counts unread ones, so most page views send nothing. (A
 * chat's are read by opening the chat: chat.markRead.) Mount once, in the signed-in frame.
 */
export function useReadOnOpen(): void {
  const { pathname, key } = useLocation();
  const qid = questionOf(pathname);
  const unread = trpc.notification.unreadCount.useQuery().data;
  const utils = trpc.useUtils();
  const apply = useApplyNotificationEvent();
  const visible = usePageVisible();
  // The opening (a navigation) already handled: later changes of the count are not openings.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (qid === null || unread === undefined || !visible || handled.current === key) return;
    handled.current = key;
    if (unread === 0) return;
    void utils.client.notification.questionSeen
      .mutate({ qid })
      .then(({ event }) => {
        if (event) apply(event);
      })
      .catch(() => utils.notification.unreadCount.invalidate());
  }, [qid, key, unread, visible, utils, apply]);
}
