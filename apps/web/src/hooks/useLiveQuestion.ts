import { useState } from 'react';
import { trpc } from '../trpc';
import { useApplyQuestionEvent } from './useQuestionCache';

// Per question, the last event this page load has seen, so reopening a question resumes after it.
const resumePoints = new Map<number, string>();

/**
 * Keeps one cached question page current from question.onQuestionUpdated: answers, comments, votes and
 * views arrive without a reload. Mount it with a fixed qid (key the component by qid).
 */
export function useLiveQuestion(qid: number): void {
  const utils = trpc.useUtils();
  const apply = useApplyQuestionEvent();
  const [input] = useState(() => ({ qid, lastEventId: resumePoints.get(qid) ?? null }));

  trpc.question.onQuestionUpdated.useSubscription(input, {
    onStarted: () => {
      if (!resumePoints.has(input.qid)) void utils.question.byId.invalidate({ qid: input.qid });
    },
    onData: ({ id, data: event }) => {
      resumePoints.set(input.qid, id);
      apply({ id, payload: event });
    },
  });
}
