import { problemCardText, problemMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  applyProblemEventToList,
  clearSort,
  emptyListMessage,
  problemListHref,
  problemListInput,
  problemListViewFromInput,
  problemListViewFromParams,
  withSort,
  type ProblemListView,
} from './problemList';
import { listItems } from '../../shared/lib/pagedList';
import type { ProblemEvent, ProblemListData, ProblemSummary } from './problemTypes';

const T0 = new Date('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const p = (id: number, extra: Partial<ProblemSummary> = {}): ProblemSummary => ({
  id,
  title: `Problem ${id}`,
  text: 'Return the sum.',
  difficulty: 'easy',
  topics: [],
  submitCount: 0,
  acceptedCount: 0,
  postedBy: 'alice',
  createdAt: at(id),
  upVoteCount: 0,
  downVoteCount: 0,
  voteScore: 0,
  ...extra,
});

const list = (pages: ProblemSummary[][], total: number, more = false): ProblemListData => ({
  pages: pages.map((items, index) => ({
    items,
    total,
    nextCursor: index < pages.length - 1 || more ? `c${index}` : null,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? undefined : `c${index - 1}`)),
});

const ids = (data: ProblemListData) => listItems(data).map((item) => item.id);
const newest: ProblemListView = { sort: null, direction: 'desc' };
const created = (problem: ProblemSummary): ProblemEvent => ({
  type: 'created',
  problemId: problem.id,
  problem,
});
const voted = (problemId: number, up: number, down: number, voteVersion = 1): ProblemEvent => ({
  type: 'voted',
  problemId,
  upVotes: [],
  downVotes: [],
  upVoteCount: up,
  downVoteCount: down,
  voteScore: up - down,
  voteVersion,
});

describe('problem card text (SPEC §2, §9)', () => {
  it('cuts the text at 75 characters and adds ...; shorter texts stay whole', () => {
    const long = 'x'.repeat(80);
    expect(problemCardText(long)).toBe(`${'x'.repeat(75)}...`);
    expect(problemCardText('x'.repeat(75))).toBe('x'.repeat(75));
    expect(problemCardText('Short.')).toBe('Short.');
  });

  it('counts an emoji as one character', () => {
    expect(problemCardText(`${'😀'.repeat(76)}`)).toBe(`${'😀'.repeat(75)}...`);
  });
});

describe('the list view in the URL', () => {
  it('reads sort, direction and search, ignoring what the server would refuse', () => {
    expect(problemListViewFromParams(new URLSearchParams(''))).toEqual(newest);
    expect(
      problemListViewFromParams(new URLSearchParams('sort=upvotes&direction=asc&search=%20sum%20')),
    ).toEqual({ sort: 'upvotes', direction: 'asc', search: 'sum' });
    expect(problemListViewFromParams(new URLSearchParams('sort=views&direction=asc'))).toEqual(
      newest,
    );
    expect(problemListViewFromParams(new URLSearchParams('sort=date&direction=up'))).toEqual({
      sort: 'date',
      direction: 'desc',
    });
    expect(problemListViewFromParams(new URLSearchParams('search=%20%20'))).toEqual(newest);
  });

  it('writes the same view back, and the input the server takes', () => {
    const view: ProblemListView = { sort: 'downvotes', direction: 'asc', search: 'two sum' };
    expect(problemListHref(view)).toBe('/problems?sort=downvotes&direction=asc&search=two+sum');
    expect(
      problemListViewFromParams(new URL(problemListHref(view), 'http://x').searchParams),
    ).toEqual(view);
    expect(problemListHref(newest)).toBe('/problems');
    expect(problemListInput(view)).toEqual({
      sort: 'downvotes',
      direction: 'asc',
      search: 'two sum',
    });
    expect(problemListInput(newest)).toEqual({});
    expect(problemListViewFromInput(problemListInput(view))).toEqual(view);
  });
});

describe('sort buttons (SPEC §2)', () => {
  it('a new sort starts descending, the active one flips, the search stays', () => {
    const searched: ProblemListView = { ...newest, search: 'sum' };
    const up = withSort(searched, 'upvotes');
    expect(up).toEqual({ sort: 'upvotes', direction: 'desc', search: 'sum' });
    expect(withSort(up, 'upvotes')).toEqual({ sort: 'upvotes', direction: 'asc', search: 'sum' });
    expect(withSort(withSort(up, 'upvotes'), 'upvotes').direction).toBe('desc');
    expect(withSort({ ...up, direction: 'asc' }, 'date')).toEqual({
      sort: 'date',
      direction: 'desc',
      search: 'sum',
    });
  });

  it('Clear Sort goes back to newest first, keeping the search', () => {
    expect(clearSort({ sort: 'downvotes', direction: 'asc', search: 'sum' })).toEqual({
      sort: null,
      direction: 'desc',
      search: 'sum',
    });
  });

  it('says which empty list it is', () => {
    expect(emptyListMessage(newest, problemMessages)).toBe('No problems found.');
    expect(emptyListMessage({ ...newest, search: 'zzz' }, problemMessages)).toBe(
      'No problems match your search.',
    );
  });
});

describe('applyProblemEventToList', () => {
  it('puts a new problem first on the newest list and counts it, once', () => {
    const data = list([[p(3), p(2)], [p(1)]], 3);
    const { data: next, refetch } = applyProblemEventToList(data, created(p(4)), newest);
    expect(refetch).toBe(false);
    expect(ids(next)).toEqual([4, 3, 2, 1]);
    expect(next.pages.every((page) => page.total === 4)).toBe(true);
    const again = applyProblemEventToList(next, created(p(4)), newest);
    expect(again.data).toBe(next);
  });

  it('puts it last on date ascending when every page is loaded, else only counts it', () => {
    const asc: ProblemListView = { sort: 'date', direction: 'asc' };
    const whole = list([[p(1), p(2)], [p(3)]], 3);
    expect(ids(applyProblemEventToList(whole, created(p(4)), asc).data)).toEqual([1, 2, 3, 4]);
    const partial = list([[p(1), p(2)]], 3, true);
    const next = applyProblemEventToList(partial, created(p(4)), asc).data;
    expect(ids(next)).toEqual([1, 2]);
    expect(next.pages[0]?.total).toBe(4);
  });

  it('places it among the problems with no votes as the server orders them', () => {
    const desc: ProblemListView = { sort: 'upvotes', direction: 'desc' };
    const data = list([[p(1, { upVoteCount: 3 }), p(3), p(2)]], 3);
    expect(ids(applyProblemEventToList(data, created(p(4)), desc).data)).toEqual([1, 4, 3, 2]);
    const asc: ProblemListView = { sort: 'upvotes', direction: 'asc' };
    const ascending = list([[p(2), p(3), p(1, { upVoteCount: 3 })]], 3);
    expect(ids(applyProblemEventToList(ascending, created(p(4)), asc).data)).toEqual([2, 3, 4, 1]);
  });

  it('leaves a search to the server', () => {
    const data = list([[p(1)]], 1);
    const patch = applyProblemEventToList(data, created(p(2)), { ...newest, search: 'sum' });
    expect(patch).toEqual({ data, refetch: true });
  });

  it('changes vote counts in place without moving the card', () => {
    const desc: ProblemListView = { sort: 'upvotes', direction: 'desc' };
    const data = list([[p(1, { upVoteCount: 2, voteScore: 2 }), p(2)]], 2);
    const { data: next } = applyProblemEventToList(data, voted(2, 5, 1), desc);
    expect(ids(next)).toEqual([1, 2]);
    expect(listItems(next)[1]).toMatchObject({
      upVoteCount: 5,
      downVoteCount: 1,
      voteScore: 4,
    });
    expect(applyProblemEventToList(next, voted(9, 1, 0), desc).data).toBe(next);
  });

  it('ignores new submissions', () => {
    const data = list([[p(1)]], 1);
    const event: ProblemEvent = {
      type: 'submitted',
      problemId: 1,
      submission: {
        id: 1,
        problemId: 1,
        submissionBy: 'bob',
        createdAt: at(5),
        lineCount: 1,
        codeLength: 10,
        runTime: 1,
        heapUse: 1,
      },
      submitCount: 1,
      acceptedCount: 1,
    };
    expect(applyProblemEventToList(data, event, newest).data).toBe(data);
  });

  it('lists each problem once even when a live insert meets a later page', () => {
    const data = list(
      [
        [p(4), p(3)],
        [p(3), p(2)],
      ],
      3,
    );
    expect(ids(data)).toEqual([4, 3, 2]);
  });
});

describe('the difficulty and topic filters live in the URL (issue 24)', () => {
  it('reads ?difficulty= and ?topic=, dropping what the server would refuse', () => {
    const view = problemListViewFromParams(new URLSearchParams('difficulty=hard&topic=Math'));
    expect(view).toEqual({ sort: null, direction: 'desc', difficulty: 'hard', topic: 'math' });
    expect(
      problemListViewFromParams(new URLSearchParams('difficulty=extreme&topic=two%20words')),
    ).toEqual({ sort: null, direction: 'desc' });
  });

  it('writes them back with the sort and search, and sends them to problem.list', () => {
    const view = {
      sort: 'upvotes' as const,
      direction: 'asc' as const,
      search: 'sum',
      difficulty: 'easy' as const,
      topic: 'arrays',
    };
    expect(problemListHref(view)).toBe(
      '/problems?sort=upvotes&direction=asc&search=sum&difficulty=easy&topic=arrays',
    );
    expect(problemListInput(view)).toEqual({
      sort: 'upvotes',
      direction: 'asc',
      search: 'sum',
      difficulty: 'easy',
      topic: 'arrays',
    });
    expect(problemListViewFromInput(problemListInput(view))).toEqual(view);
  });

  it('an empty filtered list says no problems match', () => {
    expect(
      emptyListMessage({ sort: null, direction: 'desc', topic: 'math' }, problemMessages),
    ).toBe(problemMessages.noMatches);
  });
});
