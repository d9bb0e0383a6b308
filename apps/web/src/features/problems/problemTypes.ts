import type { InfiniteData } from '@tanstack/react-query';
import type { RouterOutputs } from '../../trpc';

/** What the problem and submission procedures hand out, as the web sees them. */
export type ProblemSummary = RouterOutputs['problem']['list']['items'][number];
export type ProblemPage = RouterOutputs['problem']['list'];
export type ProblemDetail = RouterOutputs['problem']['byId'];
export type ProblemTestCase = ProblemDetail['testCases'][number];
export type TestResult = RouterOutputs['problem']['runTests'][number];
export type SubmissionRow = RouterOutputs['submission']['list'][number];

type TrackedItem<T> = T extends AsyncIterable<infer Item> ? Item : never;
/** What problem.onProblemChanged and problem.onProblemUpdated carry (the `data` of each tracked event). */
export type ProblemEvent = TrackedItem<RouterOutputs['problem']['onProblemUpdated']>['data'];
/** An event with its id: as a live stream delivers it, and as a write's reply hands it back. */
export interface IdentifiedProblemEvent {
  id: string;
  payload: ProblemEvent;
}

/** The cached pages of one problem list (useInfiniteQuery's data). */
export type ProblemListData = InfiniteData<ProblemPage, unknown>;

/** What Submit answers besides its event: the accepted submission and where it stands. */
export type Verdict = Pick<RouterOutputs['submission']['create'], 'submission' | 'standing'>;
