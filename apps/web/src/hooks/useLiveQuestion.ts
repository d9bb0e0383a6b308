import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { restartReads } from '../lib/queryRestart';
import { trpc } from '../trpc';
import { useApplyQuestionEvent } from './useQuestionCache';

// Per question, the last event this page load has seen, so reopening a question resumes after it.
const resumePoints = new Map<number, string>();

/**
 * Keeps one cached question page current from question.onQuestionUpdated: answers, comments, votes and
 * views arrive without a reload. Mount it with a fixed qid (key the component by qid).
 */
export function useLiveQuestion(qid: number): void {
  const queryClient = useQueryClient();
  const apply = useApplyQuestionEvent();
  const [input] = useState(() => ({ qid, lastEventId: resumePoints.get(qid) ?? null }));

  trpc.question.onQuestionUpdated.useSubscription(input, {
    onStarted: () => {
      if (!resumePoints.has(input.qid))
        void restartReads(queryClient, [getQueryKey(trpc.question.byId, { qid: input.qid })]);
    },
    onData: ({ id, data: event }) => {
      resumePoints.set(input.qid, id);
      // A read under way when the event lands is restarted by apply (hooks/useQuestionCache).
      apply({ id, payload: event });
    },
  });
}
