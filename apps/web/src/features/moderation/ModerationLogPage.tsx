import { Link } from 'react-router-dom';
import { Alert, EmptyState, LoadingState, PageHeader, RelativeTime } from '../../shared/components';
import { LoadMoreButton } from '../../shared/components/LoadMoreButton';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNow } from '../../shared/hooks/useNow';
import { errorMessage } from '../../shared/lib/errors';
import { trpc } from '../../trpc';

/** /review/log: every moderator action, newest first. */
export default function ModerationLogPage() {
  useDocumentTitle('Audit log');
  const log = trpc.moderation.log.useInfiniteQuery(
    {},
    { getNextPageParam: (page) => page.nextCursor ?? undefined, initialCursor: null },
  );
  const now = useNow(undefined, log.data);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="page moderation-log-page">
      <PageHeader
        title="Audit log"
        subtitle="Every moderator action, newest first."
        actions={<Link to="/review">Review queue</Link>}
      />
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <Alert>{errorMessage(log.error)}</Alert>
      ) : entries.length === 0 ? (
        <EmptyState title="No moderator actions yet." />
      ) : (
        <table className="moderation-log">
          <caption className="visually-hidden">Moderator actions</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Moderator</th>
              <th scope="col">Action</th>
              <th scope="col">On</th>
              <th scope="col">User</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <RelativeTime date={entry.createdAt} now={now} />
                </td>
                <td>{entry.moderator}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.targetKind.replace('_', ' ')} {entry.targetId}
                </td>
                <td>{entry.targetUser ?? '—'}</td>
                <td>{entry.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.hasNextPage && (
        <LoadMoreButton
          onLoadMore={() => void log.fetchNextPage()}
          loading={log.isFetchingNextPage}
        />
      )}
    </div>
  );
}
