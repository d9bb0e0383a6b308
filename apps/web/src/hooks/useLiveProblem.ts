import { useState } from 'react';
import { trpc } from '../trpc';
import { useApplyProblemEvent } from './useProblemCache';

// Per problem, the last event this page load has seen, so reopening a problem resumes after it.
const resumePoints = new Map<number, string>();

/**
 * Keeps one problem's page current from problem.onProblemUpdated: its votes and new leaderboard rows
 * arrive without a reload, for every viewer. Mount it with a fixed id (key the component by id).
 */
export function useLiveProblem(id: number): void {
  const utils = trpc.useUtils();
  const apply = useApplyProblemEvent();
  const [input] = useState(() => ({ id, lastEventId: resumePoints.get(id) ?? null }));

  trpc.problem.onProblemUpdated.useSubscription(input, {
    onStarted: () => {
      if (resumePoints.has(input.id)) return;
      void utils.problem.byId.invalidate({ id: input.id });
      void utils.submission.list.invalidate({ problemId: input.id });
    },
    onData: ({ id: eventId, data: event }) => {
      resumePoints.set(input.id, eventId);
      apply({ id: eventId, payload: event });
    },
  });
}
