import { getQueryKey } from '@trpc/react-query';
import {
  keyedResumePoints,
  useResumableStream,
  type ResumePoint,
} from '../../shared/hooks/useResumableStream';
import { trpc } from '../../trpc';
import { useApplyProblemEvent } from './cache';
import type { ProblemEvent } from './problemTypes';
import { PROBLEM_LISTS_KEY } from './useProblemList';

const listsPoint: ResumePoint = { lastEventId: null };
const problemPoint = keyedResumePoints<number>();

/**
 * Keeps every cached problem list current from problem.onProblemChanged: new problems and vote
 * changes arrive without a reload. Mount it on the problem list.
 */
export function useLiveProblems(): void {
  const apply = useApplyProblemEvent();
  const stream = useResumableStream<ProblemEvent>({
    resumePoint: listsPoint,
    reads: [PROBLEM_LISTS_KEY],
    readsUnderWay: 'first read',
    onEvent: ({ id, data }) => apply({ id, payload: data }),
  });
  trpc.problem.onProblemChanged.useSubscription(stream.input, stream.handlers);
}

/**
 * Keeps one problem's page current from problem.onProblemUpdated: its votes and new leaderboard rows
 * arrive without a reload, for every viewer. Mount it with a fixed id (key the component by id).
 */
export function useLiveProblem(id: number): void {
  const apply = useApplyProblemEvent();
  const stream = useResumableStream<ProblemEvent, { id: number }>({
    resumePoint: problemPoint(id),
    input: { id },
    reads: [
      getQueryKey(trpc.problem.byId, { id }),
      getQueryKey(trpc.submission.list, { problemId: id }),
    ],
    readsUnderWay: 'first read',
    onEvent: ({ id: eventId, data }) => apply({ id: eventId, payload: data }),
  });
  trpc.problem.onProblemUpdated.useSubscription(stream.input, stream.handlers);
}
