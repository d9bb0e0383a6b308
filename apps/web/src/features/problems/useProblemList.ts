import { useInfiniteQuery } from '@tanstack/react-query';
import { problemListInput, type ProblemListView } from './problemList';
import { trpc } from '../../trpc';

/**
 * Every cached problem list lives under this key, then its input. Not tRPC's useInfiniteQuery: it
 * sends its own `direction` ('forward') in the input and drops ours from the cache key, and
 * problem.list's sort has a `direction` of its own.
 */
export const PROBLEM_LISTS_KEY = ['problem.list', 'pages'] as const;

/** The input a cached problem list was fetched with. */
export const problemListInputOf = (queryKey: readonly unknown[]): unknown => queryKey[2];

/** One problem list (sort, direction, search), fetched a page at a time with the server's cursor. */
export function useProblemList(view: ProblemListView) {
  const utils = trpc.useUtils();
  const input = problemListInput(view);
  return useInfiniteQuery({
    queryKey: [...PROBLEM_LISTS_KEY, input],
    queryFn: ({ pageParam, signal }) =>
      utils.client.problem.list.query({ ...input, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
