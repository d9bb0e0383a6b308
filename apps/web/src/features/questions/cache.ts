import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { useUserContext } from '../../shared/session/context';
import {
  applyQuestionEventToDetail,
  applyQuestionEventToList,
  listViewFromInput,
  type IdentifiedQuestionEvent,
  type QuestionListData,
} from './questionCache';
import { createVoteOrder } from '../../shared/lib/votes';
import {
  createAppliedIds,
  isFetchingMore,
  restartFetch,
  restartIfFetching,
} from '../../shared/live/queryRestart';
import { trpc } from '../../trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

const isNewerVote = createVoteOrder();
// Accepted states replace each other whole too (the cards carry no version of their own).
const isNewerAccept = createVoteOrder();

// The ids of events applied lately: a write's own event comes back on the live stream too.
const firstTime = createAppliedIds();

/**
 * Applies one question event, live or handed back by a write, to everything cached: every question
 * list (each with its own order and filters; a list the event cannot place is refetched), the
 * question's page, and on a new question the tag counts. An event already applied is skipped.
 */
export function applyQuestionEvent(
  queryClient: QueryClient,
  utils: Utils,
  { id, payload: event }: IdentifiedQuestionEvent,
  username: string,
): void {
  if (!firstTime(id)) return;
  if (event.type === 'voted' && !isNewerVote(event.qid, event.voteVersion)) return;
  if (event.type === 'accepted' && !isNewerAccept(event.qid, event.acceptVersion)) return;
  const listKey = getQueryKey(trpc.question.list, undefined, 'infinite');
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
    const data = query.state.data as QuestionListData | undefined;
    if (!data) continue;
    const [, meta] = query.queryKey as [unknown, { input?: unknown } | undefined];
    const patch = applyQuestionEventToList(data, event, listViewFromInput(meta?.input));
    if (patch.data !== data) queryClient.setQueryData(query.queryKey, patch.data);
    const refetching = query.state.fetchStatus === 'fetching' && !isFetchingMore(query.state);
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    if (patch.refetch) refetch();
    else if (patch.data !== data) restartIfFetching(query.queryHash, refetching, refetch);
  }
  const detailKey = { qid: event.qid };
  utils.question.byId.setData(detailKey, (old) =>
    old ? applyQuestionEventToDetail(old, event, username) : old,
  );
  const detail = queryClient
    .getQueryCache()
    .find({ queryKey: getQueryKey(trpc.question.byId, detailKey, 'query'), exact: true });
  if (detail)
    restartIfFetching(
      detail.queryHash,
      detail.state.fetchStatus === 'fetching',
      () => void restartFetch(queryClient, detail.queryKey),
    );
  if (event.type === 'created' || event.type === 'edited') void utils.tag.list.invalidate();
  // Hidden by flags, shown again, closed or reopened: the page as the server shows it to this viewer.
  if (event.type === 'moderated' || event.type === 'closed')
    void utils.question.byId.invalidate(detailKey);
  // A revision history on screen (or cached) gets the new edit.
  if (event.type === 'edited') void utils.question.revisions.invalidate({ qid: event.qid });
  if (event.type === 'answerEdited')
    void utils.answer.revisions.invalidate({ answerId: event.answerId });
}

/** A stable function that applies a question event (live, or a write's reply) to the cache. */
export function useApplyQuestionEvent(): (event: IdentifiedQuestionEvent) => void {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { user } = useUserContext();
  const username = user.username;
  return useCallback(
    (event: IdentifiedQuestionEvent) => applyQuestionEvent(queryClient, utils, event, username),
    [queryClient, utils, username],
  );
}
