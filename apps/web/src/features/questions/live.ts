import { getQueryKey } from '@trpc/react-query';
import {
  keyedResumePoints,
  useResumableStream,
  type ResumePoint,
} from '../../shared/hooks/useResumableStream';
import { trpc } from '../../trpc';
import { useApplyQuestionEvent } from './cache';
import type { QuestionEvent } from './questionCache';

const listsPoint: ResumePoint = { lastEventId: null };
const questionPoint = keyedResumePoints<number>();

/**
 * Keeps every cached question list (and the tag counts) current from question.onQuestionChanged: new
 * questions, answers, comments, votes and views. Mount it on screens that show lists of questions or tags.
 */
export function useLiveQuestions(): void {
  const apply = useApplyQuestionEvent();
  const stream = useResumableStream<QuestionEvent>({
    resumePoint: listsPoint,
    reads: [getQueryKey(trpc.question.list), getQueryKey(trpc.tag.list)],
    readsUnderWay: 'first read',
    onEvent: ({ id, data }) => apply({ id, payload: data }),
  });
  trpc.question.onQuestionChanged.useSubscription(stream.input, stream.handlers);
}

/**
 * Keeps one cached question page current from question.onQuestionUpdated: answers, comments, votes and
 * views arrive without a reload. Mount it with a fixed qid (key the component by qid).
 */
export function useLiveQuestion(qid: number): void {
  const apply = useApplyQuestionEvent();
  const stream = useResumableStream<QuestionEvent, { qid: number }>({
    resumePoint: questionPoint(qid),
    input: { qid },
    reads: [getQueryKey(trpc.question.byId, { qid })],
    // The apply function restarts a read under way itself (see cache.ts).
    readsUnderWay: 'leave',
    onEvent: ({ id, data }) => apply({ id, payload: data }),
  });
  trpc.question.onQuestionUpdated.useSubscription(stream.input, stream.handlers);
}
