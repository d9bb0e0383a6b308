import { flagReasonLabels, moderationMessages, SUSPEND_DAYS_MAX } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  EmptyState,
  LoadingState,
  PageHeader,
  RelativeTime,
  TextField,
} from '../../shared/components';
import { LoadMoreButton } from '../../shared/components/LoadMoreButton';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNow } from '../../shared/hooks/useNow';
import { errorMessage } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { itemHref, KIND_LABELS, type QueueItem } from './itemLink';
import { useDeletePost } from './useDeletePost';

/** /review: pending flags grouped by item, newest first, each with the moderator's actions. */
export default function ReviewPage() {
  useDocumentTitle('Review');
  const queue = trpc.moderation.queue.useInfiniteQuery(
    {},
    { getNextPageParam: (page) => page.nextCursor ?? undefined, initialCursor: null },
  );
  const now = useNow(undefined, queue.data);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="page review-page">
      <PageHeader
        title="Review"
        subtitle="Flagged posts and messages, newest flag first."
        actions={<Link to="/review/log">Audit log</Link>}
      />
      {queue.isPending ? (
        <LoadingState />
      ) : queue.isError ? (
        <Alert>{errorMessage(queue.error)}</Alert>
      ) : items.length === 0 ? (
        <EmptyState title={moderationMessages.reviewEmpty} />
      ) : (
        <ol className="review-list stacked-list" aria-label="Flagged items">
          {items.map((item) => (
            <ReviewItem
              key={`${item.kind}:${item.id}`}
              item={item}
              now={now}
              onDone={() => void queue.refetch()}
            />
          ))}
        </ol>
      )}
      {queue.hasNextPage && (
        <LoadMoreButton
          onLoadMore={() => void queue.fetchNextPage()}
          loading={queue.isFetchingNextPage}
        />
      )}
    </div>
  );
}

function ReviewItem({ item, now, onDone }: { item: QueueItem; now: number; onDone: () => void }) {
  const dismiss = trpc.moderation.dismiss.useMutation();
  const hide = trpc.moderation.hide.useMutation();
  const deletePost = useDeletePost();
  const [error, setError] = useState<string | null>(null);
  const [suspending, setSuspending] = useState(false);
  const href = itemHref(item.kind, item.location);
  const target = { kind: item.kind, id: item.id };
  const headingId = `review-${item.kind}-${item.id}`;

  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      onDone();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  // Questions, answers and comments have a deletion of their own; messages and problems are hidden.
  const removable = item.kind === 'question' || item.kind === 'answer' || item.kind === 'comment';

  return (
    <li className="review-item card" aria-labelledby={headingId}>
      <h2 id={headingId} className="review-item__title">
        {KIND_LABELS[item.kind]} by{' '}
        <Link to={`/user/${encodeURIComponent(item.author)}`}>{item.author}</Link>
        {item.title && <> · {href ? <Link to={href}>{item.title}</Link> : item.title}</>}
        {!item.title && href && (
          <>
            {' '}
            · <Link to={href}>open</Link>
          </>
        )}
        {item.hidden && (
          <span className="review-item__badge"> · {moderationMessages.hiddenNotice}</span>
        )}
        {item.deleted && <span className="review-item__badge"> · deleted</span>}
      </h2>
      <blockquote className="review-item__text">{item.text}</blockquote>
      <ul className="review-item__flags" aria-label="Flags">
        {item.flags.map((flag) => (
          <li key={flag.id}>
            <strong>{flagReasonLabels[flag.reason]}</strong> by {flag.flaggedBy},{' '}
            <RelativeTime date={flag.createdAt} now={now} />
            {flag.note && <>: “{flag.note}”</>}
          </li>
        ))}
      </ul>
      {error && <Alert>{error}</Alert>}
      <div className="review-item__actions">
        <Button
          variant="secondary"
          size="sm"
          busy={dismiss.isPending}
          onClick={() => void act(() => dismiss.mutateAsync(target))}
        >
          Dismiss
        </Button>
        <Button
          variant="danger"
          size="sm"
          busy={hide.isPending || deletePost.isPending}
          onClick={() =>
            void act(() => (removable ? deletePost.mutateAsync(item) : hide.mutateAsync(target)))
          }
        >
          {removable ? 'Delete' : 'Remove'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={suspending}
          onClick={() => setSuspending((was) => !was)}
        >
          Suspend author
        </Button>
      </div>
      {/* The form stays after it suspends: it then says until when, as the moderator's answer. */}
      {suspending && <SuspendForm username={item.author} />}
    </li>
  );
}

/** Suspends a user for N days with a reason; says until when. */
export function SuspendForm({ username, onDone }: { username: string; onDone?: () => void }) {
  const suspend = trpc.moderation.suspend.useMutation();
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const result = await suspend.mutateAsync({ username, days: Number(days), reason });
      setDone(
        `${result.username} is suspended until ${result.suspendedUntil.toISOString().slice(0, 10)} (UTC).`,
      );
      onDone?.();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  if (done) return <Alert tone="success">{done}</Alert>;
  return (
    <form
      className="suspend-form"
      onSubmit={(event) => void onSubmit(event)}
      aria-label={`Suspend ${username}`}
    >
      <TextField
        label="Days"
        type="number"
        min={1}
        max={SUSPEND_DAYS_MAX}
        required
        value={days}
        onChange={(event) => setDays(event.target.value)}
      />
      <TextField
        label="Reason"
        required
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" variant="danger" size="sm" busy={suspend.isPending}>
        Suspend {username}
      </Button>
    </form>
  );
}
