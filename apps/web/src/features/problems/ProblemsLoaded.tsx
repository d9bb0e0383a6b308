import { problemMessages } from '@app/validators';
import type { ReactNode } from 'react';
import { Alert, EmptyState, LoadingState } from '../../shared/components';
import { prefixedError } from '../../shared/lib/errors';

export interface ProblemsLoadedProps {
  list: { isPending: boolean; data: unknown; error: unknown };
  /** How many problems the loaded pages hold. */
  count: number;
  /** The empty list's text. */
  emptyTitle: string;
  children: ReactNode;
}

/** A problem list's states: loading, the failed first read, empty, or the list itself (children). */
export function ProblemsLoaded({ list, count, emptyTitle, children }: ProblemsLoadedProps) {
  if (list.isPending) return <LoadingState label="Loading problems..." />;
  if (!list.data)
    return <Alert>{prefixedError(problemMessages.fetchProblemsFailed, list.error)}</Alert>;
  if (count === 0) return <EmptyState title={emptyTitle} />;
  return <>{children}</>;
}
