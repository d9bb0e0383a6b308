import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { restartReads, restartReadsUnderWay } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useApplyProblemEvent } from './useProblemCache';

// Per problem, the last event this page load has seen, so reopening a problem resumes after it.
const resumePoints = new Map<number, string>();

/**
 * Keeps one problem's page current from problem.onProblemUpdated: its votes and new leaderboard rows
 * arrive without a reload, for every viewer. Mount it with a fixed id (key the component by id).
 */
export function useLiveProblem(id: number): void {
  const queryClient = useQueryClient();
  const apply = useApplyProblemEvent();
  const [input] = useState(() => ({ id, lastEventId: resumePoints.get(id) ?? null }));
  const reads = [
    getQueryKey(trpc.problem.byId, { id: input.id }),
    getQueryKey(trpc.submission.list, { problemId: input.id }),
  ];

  trpc.problem.onProblemUpdated.useSubscription(input, {
    onStarted: () => {
      if (!resumePoints.has(input.id)) void restartReads(queryClient, reads);
    },
    onData: ({ id: eventId, data: event }) => {
      resumePoints.set(input.id, eventId);
      restartReadsUnderWay(queryClient, reads, { firstOnly: true });
      apply({ id: eventId, payload: event });
    },
  });
}
