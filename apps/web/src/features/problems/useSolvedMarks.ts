import { SOLVED_IDS_MAX } from '@app/validators';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOptionalUser } from '../../shared/session/context';
import { trpc } from '../../trpc';

const NONE: ReadonlySet<number> = new Set();

/**
 * The signed-in viewer's Solved marks for the problems on screen: one small query of their own, so
 * the list stays the same for everyone (as reputation.byUsernames does for the questions list).
 */
export function useSolvedMarks(ids: readonly number[]): ReadonlySet<number> {
  const user = useOptionalUser();
  const key = [...new Set(ids)]
    .sort((a, b) => a - b)
    .slice(-SOLVED_IDS_MAX)
    .join(',');
  const wanted = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
  const marks = trpc.problem.solvedAmong.useQuery(
    { ids: wanted },
    { enabled: user !== null && wanted.length > 0, placeholderData: keepPreviousData },
  );
  const { data } = marks;
  return useMemo(() => (data ? new Set(data) : NONE), [data]);
}
