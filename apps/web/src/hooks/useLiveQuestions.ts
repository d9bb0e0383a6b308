import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { restartReads, restartReadsUnderWay } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useApplyQuestionEvent } from './useQuestionCache';

// The last question event this page load has seen: a remounted list resumes after it instead of starting blind.
const resumePoint: { lastEventId: string | null } = { lastEventId: null };

/**
 * Keeps every cached question list (and the tag counts) current from question.onQuestionChanged: new
 * questions, answers, comments, votes and views. Mount it on screens that show lists of questions or tags.
 */
export function useLiveQuestions(): void {
  const queryClient = useQueryClient();
  const apply = useApplyQuestionEvent();
  // The input is fixed for the life of the subscription; later resumes carry the id in the link layer.
  const [input] = useState(() => ({ lastEventId: resumePoint.lastEventId }));
  const reads = [getQueryKey(trpc.question.list), getQueryKey(trpc.tag.list)];

  trpc.question.onQuestionChanged.useSubscription(input, {
    onStarted: () => {
      // Without a resume point, events between the fetch and this start could be lost: refetch once.
      if (!resumePoint.lastEventId) void restartReads(queryClient, reads);
    },
    onData: ({ id, data: event }) => {
      resumePoint.lastEventId = id;
      restartReadsUnderWay(queryClient, reads, { firstOnly: true });
      apply({ id, payload: event });
    },
  });
}
