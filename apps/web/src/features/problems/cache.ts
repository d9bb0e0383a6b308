import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { useUserContext } from '../../shared/session/context';
import { insertSubmission, leaderboardInputOf } from './leaderboardOrder';
import { applyProblemEventToDetail } from './problemDetail';
import { applyProblemEventToList, problemListViewFromInput } from './problemList';
import type { IdentifiedProblemEvent, ProblemListData, SubmissionRow } from './problemTypes';
import { createVoteOrder } from '../../shared/lib/votes';
import {
  createAppliedIds,
  isFetchingMore,
  restartFetch,
  restartIfFetching,
} from '../../shared/live/queryRestart';
import { trpc } from '../../trpc';
import { PROBLEM_LISTS_KEY, problemListInputOf } from './useProblemList';

type Utils = ReturnType<typeof trpc.useUtils>;

const isNewerVote = createVoteOrder();
// A write's own event comes back on the live stream too: each is applied once.
const firstTime = createAppliedIds();

/** The input a cached tRPC query was made with. */
const inputOf = (queryKey: readonly unknown[]): unknown =>
  (queryKey[1] as { input?: unknown } | undefined)?.input;

/**
 * Applies one problem event, live or handed back by a write, to everything cached: every problem list
 * (each with its own sort and search; one the event cannot place is refetched), the problem's page
 * and its leaderboards. An event already applied, or a vote state older than one shown, is skipped.
 */
export function applyProblemEvent(
  queryClient: QueryClient,
  utils: Utils,
  { id, payload: event }: IdentifiedProblemEvent,
  username: string,
): void {
  if (!firstTime(id)) return;
  if (event.type === 'voted' && !isNewerVote(event.problemId, event.voteVersion)) return;
  const cache = queryClient.getQueryCache();

  for (const query of cache.findAll({ queryKey: PROBLEM_LISTS_KEY })) {
    const data = query.state.data as ProblemListData | undefined;
    if (!data) continue;
    const patch = applyProblemEventToList(
      data,
      event,
      problemListViewFromInput(problemListInputOf(query.queryKey)),
    );
    if (patch.data !== data) queryClient.setQueryData(query.queryKey, patch.data);
    const refetching = query.state.fetchStatus === 'fetching' && !isFetchingMore(query.state);
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    if (patch.refetch) refetch();
    else if (patch.data !== data) restartIfFetching(query.queryHash, refetching, refetch);
  }

  if (event.type === 'voted') {
    const detailKey = { id: event.problemId };
    utils.problem.byId.setData(detailKey, (old) =>
      old ? applyProblemEventToDetail(old, event, username) : old,
    );
    const detail = cache.find({
      queryKey: getQueryKey(trpc.problem.byId, detailKey, 'query'),
      exact: true,
    });
    if (detail)
      restartIfFetching(
        detail.queryHash,
        detail.state.fetchStatus === 'fetching',
        () => void restartFetch(queryClient, detail.queryKey),
      );
  }

  if (event.type === 'submitted') {
    // The page's submissions and acceptance counts (they only grow; see applyProblemEventToDetail).
    utils.problem.byId.setData({ id: event.problemId }, (old) =>
      old ? applyProblemEventToDetail(old, event, username) : old,
    );
    const boardKey = getQueryKey(trpc.submission.list, undefined, 'query');
    for (const query of cache.findAll({ queryKey: boardKey })) {
      const rows = query.state.data as SubmissionRow[] | undefined;
      const board = leaderboardInputOf(inputOf(query.queryKey));
      if (!rows || board.problemId !== event.problemId) continue;
      const next = insertSubmission(rows, event.submission, board.order, board.limit);
      if (next !== rows) queryClient.setQueryData(query.queryKey, next);
      restartIfFetching(
        query.queryHash,
        query.state.fetchStatus === 'fetching',
        () => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
      );
    }
  }
}

/** A stable function that applies a problem event (live, or a write's reply) to the cache. */
export function useApplyProblemEvent(): (event: IdentifiedProblemEvent) => void {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { user } = useUserContext();
  const username = user.username;
  return useCallback(
    (event: IdentifiedProblemEvent) => applyProblemEvent(queryClient, utils, event, username),
    [queryClient, utils, username],
  );
}
