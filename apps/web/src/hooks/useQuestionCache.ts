import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { useUserContext } from '../auth/context';
import {
  applyQuestionEventToDetail,
  applyQuestionEventToList,
  listViewFromInput,
  type QuestionEvent,
  type QuestionListData,
} from '../lib/questionCache';
import { trpc } from '../trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * Applies one question event to everything cached: every question list (each with its own order and
 * filters; a list the event cannot place is refetched), the question's page, and on a new question the
 * tag counts.
 */
export function applyQuestionEvent(
  queryClient: QueryClient,
  utils: Utils,
  event: QuestionEvent,
  username: string,
): void {
  const listKey = getQueryKey(trpc.question.list, undefined, 'infinite');
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
    const data = query.state.data as QuestionListData | undefined;
    if (!data) continue;
    const [, meta] = query.queryKey as [unknown, { input?: unknown } | undefined];
    const patch = applyQuestionEventToList(data, event, listViewFromInput(meta?.input));
    if (patch.data !== data) queryClient.setQueryData(query.queryKey, patch.data);
    if (patch.refetch)
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  utils.question.byId.setData({ qid: event.qid }, (old) =>
    old ? applyQuestionEventToDetail(old, event, username) : old,
  );
  if (event.type === 'created') void utils.tag.list.invalidate();
}

/** A stable function that applies a question event (live, or one a mutation's reply stands for) to the cache. */
export function useApplyQuestionEvent(): (event: QuestionEvent) => void {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { user } = useUserContext();
  const username = user.username;
  return useCallback(
    (event: QuestionEvent) => applyQuestionEvent(queryClient, utils, event, username),
    [queryClient, utils, username],
  );
}
