import { REPUTATION_NAMES_MAX } from '@app/validators';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { trpc } from '../../trpc';
import { useLiveUsers } from './live';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * The reputations of a page's authors, by username, read in one call and kept current live (the
 * user stream). Lent to the other features: provide the answer through ReputationsContext and every
 * AuthorLink inside shows its number.
 */
export function useReputations(usernames: readonly string[]): ReadonlyMap<string, number> {
  useLiveUsers();
  const key = [...new Set(usernames)].sort().slice(0, REPUTATION_NAMES_MAX).join('\n');
  const names = useMemo(() => (key ? key.split('\n') : []), [key]);
  const reputations = trpc.reputation.byUsernames.useQuery(
    { usernames: names },
    { enabled: names.length > 0, placeholderData: keepPreviousData },
  );
  const { data } = reputations;
  return useMemo(
    () => (data ? new Map(data.map((user) => [user.username, user.reputation])) : NONE),
    [data],
  );
}
