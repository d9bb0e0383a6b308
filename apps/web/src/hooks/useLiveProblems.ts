import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { restartReads, restartReadsUnderWay } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useApplyProblemEvent } from './useProblemCache';
import { PROBLEM_LISTS_KEY } from './useProblemList';

// The last list event this page load has seen: a remounted list resumes after it instead of starting blind.
const resumePoint: { lastEventId: string | null } = { lastEventId: null };

/**
 * Keeps every cached problem list current from problem.onProblemChanged: new problems and vote
 * changes arrive without a reload. Mount it on the problem list.
 */
export function useLiveProblems(): void {
  const queryClient = useQueryClient();
  const apply = useApplyProblemEvent();
  // The input is fixed for the life of the subscription; later resumes carry the id in the link layer.
  const [input] = useState(() => ({ lastEventId: resumePoint.lastEventId }));

  trpc.problem.onProblemChanged.useSubscription(input, {
    onStarted: () => {
      // Without a resume point, events between the fetch and this start could be lost: refetch once.
      if (!resumePoint.lastEventId) void restartReads(queryClient, [PROBLEM_LISTS_KEY]);
    },
    onData: ({ id, data: event }) => {
      resumePoint.lastEventId = id;
      restartReadsUnderWay(queryClient, [PROBLEM_LISTS_KEY], { firstOnly: true });
      apply({ id, payload: event });
    },
  });
}
