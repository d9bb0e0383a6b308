import { flagReasonLabels } from '@app/validators';
import { Link } from 'react-router-dom';
import { Alert, EmptyState, LoadingState, RelativeTime } from '../../shared/components';
import { useNow } from '../../shared/hooks/useNow';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { itemHref } from './itemLink';

const STATUS_LABELS = {
  pending: 'waiting for a moderator',
  dismissed: 'dismissed',
  handled: 'acted on',
} as const;

/** The viewer's own flags, newest first, with what became of each (their profile's Flags tab). */
export function MyFlags() {
  const now = useNow();
  const flags = trpc.flag.mine.useQuery();
  if (flags.isPending) return <LoadingState label="Loading flags..." />;
  if (flags.isError)
    return <Alert>{prefixedError('Error when fetching your flags', flags.error)}</Alert>;
  if (flags.data.items.length === 0) return <EmptyState title="You have not flagged anything." />;
  return (
    <ul className="profile-list">
      {flags.data.items.map((flag) => {
        const href = flag.location && itemHref(flag.kind, flag.location);
        return (
          <li key={flag.id} className="profile-list__item">
            <strong>{flagReasonLabels[flag.reason]}</strong>
            <span className="profile-list__title">
              {href ? <Link to={href}>{flag.excerpt}</Link> : flag.excerpt}
            </span>
            <span>{STATUS_LABELS[flag.status]}</span>
            <RelativeTime date={flag.createdAt} now={now} />
          </li>
        );
      })}
    </ul>
  );
}
