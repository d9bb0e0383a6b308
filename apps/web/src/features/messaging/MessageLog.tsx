import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Button, RelativeTime } from '../../shared/components';
import { FlagButton } from '../../shared/moderation/FlagButton';
import type { ShownMessage } from './messageCache';

export interface MessageLogProps {
  /** The log's accessible name, e.g. 'Chat Room messages'. */
  label: string;
  /** Oldest first; pending ones last. */
  messages: readonly ShownMessage[];
  me: string;
  /** The current time, for relative times. */
  now: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown when there are no messages at all. */
  emptyText: string;
  /** What others' messages are flagged as: the global chat's or a direct chat's. */
  flagKind?: 'global_message' | 'chat_message';
}

// How close to an edge counts as being at it: at the bottom new messages scroll into view; near the
// top, older ones load.
const NEAR_BOTTOM_PX = 48;
const NEAR_TOP_PX = 120;

interface Snapshot {
  keys: Set<string>;
  first: string | null;
  scrollHeight: number;
}

/**
 * A conversation's messages, newest at the bottom, in a scrolling role="log" (announced politely).
 * It follows new messages while the reader is at the bottom; a reader who scrolled up to read stays
 * where they are and gets a "new messages" button instead. Older pages load with the button at the
 * top or by scrolling up to it, and the reader's place is kept when they are put above.
 */
export function MessageLog({
  label,
  messages,
  me,
  now,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  emptyText,
  flagKind,
}: MessageLogProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const snapshot = useRef<Snapshot | null>(null);
  const [unseen, setUnseen] = useState(0);
  const older = useRef({ hasOlder, loadingOlder, onLoadOlder });
  useEffect(() => {
    older.current = { hasOlder, loadingOlder, onLoadOlder };
  });

  const scrollToBottom = useCallback((smooth: boolean) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    atBottom.current = true;
    setUnseen(0);
  }, []);

  // After each change of the messages, before paint: keep the reader's place or follow the newest.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = snapshot.current;
    const first = messages[0]?.key ?? null;
    if (!before || before.keys.size === 0) {
      el.scrollTop = el.scrollHeight;
    } else {
      const firstIndex =
        before.first === null ? -1 : messages.findIndex((m) => m.key === before.first);
      // Older messages were put above: move down by what they added, so the same messages stay in view.
      if (firstIndex > 0 && !atBottom.current) {
        el.scrollTop += el.scrollHeight - before.scrollHeight;
      }
      // New at the end (everything new when the old first message is gone, e.g. after a refetch).
      const appended = messages.filter((m, index) => index > firstIndex && !before.keys.has(m.key));
      if (appended.length > 0) {
        if (atBottom.current || appended.some((m) => m.pending)) {
          el.scrollTop = el.scrollHeight;
          atBottom.current = true;
          setUnseen(0);
        } else {
          const fromOthers = appended.filter((m) => m.msgFrom !== me).length;
          if (fromOthers > 0) setUnseen((count) => count + fromOthers);
        }
      }
    }
    snapshot.current = {
      keys: new Set(messages.map((m) => m.key)),
      first,
      scrollHeight: el.scrollHeight,
    };
  }, [messages, me]);

  // While the reader is at the bottom, stay there when the log or its content changes size.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      if (snapshot.current) snapshot.current.scrollHeight = el.scrollHeight;
    });
    observer.observe(el);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
    if (atBottom.current) setUnseen(0);
    if (snapshot.current) snapshot.current.scrollHeight = el.scrollHeight;
    const { hasOlder: more, loadingOlder: loading, onLoadOlder: load } = older.current;
    if (el.scrollTop < NEAR_TOP_PX && more && !loading) load();
  };

  return (
    <div className="message-log">
      <div
        ref={scroller}
        className="message-log__scroller"
        role="log"
        aria-live="polite"
        aria-label={label}
        aria-busy={loadingOlder || undefined}
        // Keyboard users can scroll the history too.
        tabIndex={0}
        onScroll={onScroll}
      >
        <div className="message-log__content">
          {hasOlder ? (
            <div className="message-log__older">
              <Button variant="secondary" size="sm" busy={loadingOlder} onClick={onLoadOlder}>
                Load older messages
              </Button>
            </div>
          ) : messages.length > 0 ? (
            <p className="message-log__start">This is the start of the conversation.</p>
          ) : null}
          {messages.length === 0 ? <p className="message-log__empty">{emptyText}</p> : null}
          <ol ref={content} className="message-list stacked-list">
            {messages.map((message) => (
              <MessageItem
                key={message.key}
                message={message}
                mine={message.msgFrom === me}
                now={now}
                flagKind={flagKind}
              />
            ))}
          </ol>
        </div>
      </div>
      {unseen > 0 && (
        <button type="button" className="message-log__jump" onClick={() => scrollToBottom(true)}>
          {unseen === 1 ? '1 new message' : `${unseen} new messages`}
          <span aria-hidden="true"> ↓</span>
        </button>
      )}
    </div>
  );
}

interface MessageItemProps {
  message: ShownMessage;
  mine: boolean;
  now: number;
  flagKind?: 'global_message' | 'chat_message';
}

/** One message: sender (a link to their profile), relative time, text; "sending…" until confirmed. */
const MessageItem = memo(function MessageItem({ message, mine, now, flagKind }: MessageItemProps) {
  const classes = [
    'message',
    mine ? 'message--mine' : '',
    message.pending ? 'message--pending' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes}>
      {!mine && <Avatar username={message.msgFrom} />}
      <div className="message__bubble">
        <div className="message__meta">
          <Link to={`/user/${encodeURIComponent(message.msgFrom)}`} className="message__author">
            {message.msgFrom}
          </Link>{' '}
          <RelativeTime className="message__time" date={message.msgDateTime} now={now} />
          {message.pending && <span className="message__status"> · sending…</span>}
          {flagKind && message.id !== null && (
            <>
              {' '}
              <FlagButton kind={flagKind} id={message.id} author={message.msgFrom} />
            </>
          )}
        </div>
        <p className="message__text">{message.msg}</p>
      </div>
    </li>
  );
});
