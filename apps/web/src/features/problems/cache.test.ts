import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import type {
  ProblemDetail,
  ProblemEvent,
  ProblemListData,
  ProblemSummary,
  SubmissionRow,
} from './problemTypes';
import { testCache } from '../../test-support/testCache';
import { trpc } from '../../trpc';
import { applyProblemEvent } from './cache';
import { PROBLEM_LISTS_KEY } from './useProblemList';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// applyProblemEvent against a real react-query cache, as the live streams and the writes' replies
// call it. Its rules remember the event ids and vote versions they saw for the page load, so every
// test uses its own problem ids.

/** A cache and tRPC's helpers over it; nothing here reaches a server (no query is on screen). */
function cache() {
  const { queryClient, utils } = testCache();
  let eventId = 0;
  const apply = (payload: ProblemEvent) =>
    applyProblemEvent(
      queryClient,
      utils,
      { id: `${payload.problemId}-${++eventId}`, payload },
      'alice',
    );
  return { queryClient, apply };
}

const T0 = new Date('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const card = (id: number, extra: Partial<ProblemSummary> = {}): ProblemSummary => ({
  id,
  title: `Problem ${id}`,
  text: 'Return the sum.',
  difficulty: 'easy',
  topics: [],
  submitCount: 0,
  acceptedCount: 0,
  postedBy: 'alice',
  createdAt: at(1),
  upVoteCount: 0,
  downVoteCount: 0,
  voteScore: 0,
  ...extra,
});

const onePage = (items: ProblemSummary[]): ProblemListData => ({
  pages: [{ items, total: items.length, nextCursor: null }],
  pageParams: [null],
});

/** A cached problem list, under the key useProblemList gives it. */
const listKey = (input: Record<string, string>): QueryKey => [...PROBLEM_LISTS_KEY, input];

const row = (id: number, problemId: number, extra: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id,
  problemId,
  submissionBy: 'bob',
  createdAt: at(id),
  lineCount: 3,
  codeLength: 60,
  runTime: 1_000_000,
  heapUse: 4096,
  ...extra,
});

type BoardInput = { problemId: number; sort?: string; direction?: 'asc' | 'desc' };
const boardKey = (input: BoardInput): QueryKey =>
  getQueryKey(trpc.submission.list, input as never, 'query');
const board = (queryClient: QueryClient, input: BoardInput) =>
  queryClient.getQueryData<SubmissionRow[]>(boardKey(input))?.map((r) => r.id);

const voted = (
  problemId: number,
  voteScore: number,
  voteVersion: number,
  upVotes = ['bob'],
): ProblemEvent => ({
  type: 'voted',
  problemId,
  upVotes,
  downVotes: [],
  upVoteCount: voteScore,
  downVoteCount: 0,
  voteScore,
  voteVersion,
});

const detail = (id: number): ProblemDetail => ({
  id,
  title: `Problem ${id}`,
  problemText: 'Return the sum.',
  difficulty: 'easy',
  topics: [],
  submitCount: 0,
  acceptedCount: 0,
  functionSignature: 'function sum(a, b)',
  suggestedSolution: '',
  postedBy: 'carol',
  createdAt: at(1),
  isAuthor: false,
  testCases: [],
  hiddenTestCount: 0,
  upVotes: [],
  downVotes: [],
  myVote: 0,
  upVoteCount: 0,
  downVoteCount: 0,
  voteScore: 0,
  voteVersion: 0,
});

describe('a new submission', () => {
  it('joins the leaderboard of its problem, newest first, and no other problem’s', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(boardKey({ problemId: 301 }), [row(2, 301), row(1, 301)]);
    queryClient.setQueryData(boardKey({ problemId: 302 }), [row(3, 302)]);

    apply({
      type: 'submitted',
      problemId: 301,
      submission: row(9, 301),
      submitCount: 3,
      acceptedCount: 3,
    });

    expect(board(queryClient, { problemId: 301 })).toEqual([9, 2, 1]);
    expect(board(queryClient, { problemId: 302 })).toEqual([3]);
  });

  it('takes its place on a board sorted by run time, fastest first', () => {
    const { queryClient, apply } = cache();
    const fastest = { problemId: 311, sort: 'runTime', direction: 'asc' } as const;
    queryClient.setQueryData(boardKey(fastest), [
      row(1, 311, { runTime: 1_000 }),
      row(2, 311, { runTime: 9_000 }),
    ]);

    apply({
      type: 'submitted',
      problemId: 311,
      submission: row(5, 311, { runTime: 5_000 }),
      submitCount: 3,
      acceptedCount: 3,
    });

    expect(board(queryClient, fastest)).toEqual([1, 5, 2]);
  });
});

describe('a problem event reaching the cached lists', () => {
  it('puts a new problem first on the newest list and reads a search again', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(listKey({}), onePage([card(320)]));
    queryClient.setQueryData(listKey({ search: 'sum' }), onePage([card(320)]));

    apply({ type: 'created', problemId: 321, problem: card(321) });

    const newest = queryClient.getQueryData<ProblemListData>(listKey({}));
    expect(newest?.pages[0]?.items.map((p) => p.id)).toEqual([321, 320]);
    expect(queryClient.getQueryState(listKey({ search: 'sum' }))?.isInvalidated).toBe(true);
  });

  it('keeps the newer score on the cards when an older vote state arrives late', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(listKey({}), onePage([card(330)]));

    apply(voted(330, 2, 2)); // the live event of a later vote
    apply(voted(330, 1, 1)); // the reply to an earlier vote, arriving after it

    const cards = queryClient.getQueryData<ProblemListData>(listKey({}));
    expect(cards?.pages[0]?.items[0]?.voteScore).toBe(2);
  });
});

describe("a vote reaching the problem's page", () => {
  it("shows the new score and marks the viewer's own vote", () => {
    const { queryClient, apply } = cache();
    const key = getQueryKey(trpc.problem.byId, { id: 340 }, 'query');
    queryClient.setQueryData(key, detail(340));

    apply(voted(340, 1, 1, ['alice']));

    const page = queryClient.getQueryData<ProblemDetail>(key);
    expect(page?.voteScore).toBe(1);
    expect(page?.myVote).toBe(1);
  });
});
