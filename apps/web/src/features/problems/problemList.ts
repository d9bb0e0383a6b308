import {
  nextSort,
  PROBLEM_DIFFICULTIES,
  PROBLEM_SEARCH_MAX,
  PROBLEM_TOPIC_MAX,
  PROBLEM_SORTS,
  SORT_DIRECTIONS,
  type ProblemDifficulty,
  type ProblemSort,
  type SortDirection,
} from '@app/validators';
import { hasMorePages, pagesHold } from '../../shared/lib/pagedList';
import type { ProblemEvent, ProblemListData, ProblemSummary } from './problemTypes';

/** Which problem list a page or a cache entry holds: its sort (none: newest first) and search. */
export interface ProblemListView {
  /** null after Clear Sort (or before any sort): the server's default, newest first. */
  sort: ProblemSort | null;
  direction: SortDirection;
  /** Non-empty when the list is a search. */
  search?: string;
  /** Issue 24's filters: only problems of this difficulty, or with this topic. */
  difficulty?: ProblemDifficulty;
  topic?: string;
}

const isDifficulty = (value: string | null): value is ProblemDifficulty =>
  (PROBLEM_DIFFICULTIES as readonly string[]).includes(value ?? '');
// The server's topic rule (a slug); anything else in a hand-made URL is dropped, not sent.
const TOPIC = new RegExp(`^[a-z0-9][a-z0-9-]{0,${PROBLEM_TOPIC_MAX - 1}}$`);

const isSort = (value: string | null): value is ProblemSort =>
  (PROBLEM_SORTS as readonly string[]).includes(value ?? '');
const isDirection = (value: string | null): value is SortDirection =>
  (SORT_DIRECTIONS as readonly string[]).includes(value ?? '');

/**
 * The list the /problems URL asks for: ?sort=, ?direction= (descending by default), ?search=,
 * ?difficulty=, ?topic=.
 */
export function problemListViewFromParams(params: URLSearchParams): ProblemListView {
  const sort = params.get('sort');
  const direction = params.get('direction');
  // A longer search (a pasted or hand-made URL) is cut to what the server accepts.
  const search = params.get('search')?.trim().slice(0, PROBLEM_SEARCH_MAX).trim();
  const difficulty = params.get('difficulty');
  const topic = params.get('topic')?.trim().toLowerCase();
  return {
    sort: isSort(sort) ? sort : null,
    direction: isSort(sort) && isDirection(direction) ? direction : 'desc',
    ...(search ? { search } : {}),
    ...(isDifficulty(difficulty) ? { difficulty } : {}),
    ...(topic && TOPIC.test(topic) ? { topic } : {}),
  };
}

/** The list a cached query's input describes (the same rules as the URL). */
export function problemListViewFromInput(input: unknown): ProblemListView {
  const value = (input ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of ['sort', 'direction', 'search', 'difficulty', 'topic'] as const) {
    const field = value[key];
    if (typeof field === 'string') params.set(key, field);
  }
  return problemListViewFromParams(params);
}

/** The /problems URL of a list: sort and direction (left out when there is no sort), search. */
export function problemListHref(view: ProblemListView): string {
  const params = new URLSearchParams();
  if (view.sort) {
    params.set('sort', view.sort);
    params.set('direction', view.direction);
  }
  if (view.search) params.set('search', view.search);
  if (view.difficulty) params.set('difficulty', view.difficulty);
  if (view.topic) params.set('topic', view.topic);
  const query = params.toString();
  return query ? `/problems?${query}` : '/problems';
}

/** The problem.list input of a view. */
export function problemListInput(view: ProblemListView) {
  return {
    ...(view.sort ? { sort: view.sort, direction: view.direction } : {}),
    ...(view.search ? { search: view.search } : {}),
    ...(view.difficulty ? { difficulty: view.difficulty } : {}),
    ...(view.topic ? { topic: view.topic } : {}),
  };
}

/** Whether the list keeps only some problems (a search or a filter): the server decides which. */
export const isFiltered = (view: ProblemListView): boolean =>
  Boolean(view.search || view.difficulty || view.topic);

/**
 * SPEC §2's sort buttons: the active sort flips direction, a new one starts descending; the search
 * stays. Clear Sort is `clearSort`.
 */
export function withSort(view: ProblemListView, clicked: ProblemSort): ProblemListView {
  const current = view.sort ? { sort: view.sort, direction: view.direction } : null;
  return { ...view, ...nextSort(current, clicked) };
}

export function clearSort(view: ProblemListView): ProblemListView {
  return { ...view, sort: null, direction: 'desc' };
}

/** SPEC §2: the empty list's sentence depends on whether a search is on. */
export function emptyListMessage(
  view: ProblemListView,
  messages: { noProblems: string; noMatches: string },
): string {
  return isFiltered(view) ? messages.noMatches : messages.noProblems;
}

// --- Cached lists -------------------------------------------------------------------------------------

/** The result of applying one event to a cached list: the new data, and whether only a refetch can tell. */
export interface ProblemListPatch {
  data: ProblemListData;
  refetch: boolean;
}

function sortValue(sort: ProblemSort, item: ProblemSummary): number {
  if (sort === 'upvotes') return item.upVoteCount;
  if (sort === 'downvotes') return item.downVoteCount;
  return item.createdAt.getTime();
}

/**
 * The server's order for a view (problem-list.ts): the sort's column, then the id, both in the
 * view's direction; no sort is date, newest first. Negative when `a` comes first.
 */
export function compareProblems(view: ProblemListView, a: ProblemSummary, b: ProblemSummary) {
  const sort = view.sort ?? 'date';
  const sign = view.sort && view.direction === 'asc' ? 1 : -1;
  const byValue = sortValue(sort, a) - sortValue(sort, b);
  return sign * (byValue !== 0 ? byValue : a.id - b.id);
}

/**
 * Puts a new problem where the server would list it. If it sorts after every loaded problem and more
 * pages exist, it belongs to a page not loaded yet: only the count changes.
 */
function insertSorted(data: ProblemListData, item: ProblemSummary, view: ProblemListView) {
  let placed = false;
  const pages = data.pages.map((page) => {
    if (placed) return page;
    const index = page.items.findIndex((other) => compareProblems(view, item, other) < 0);
    if (index < 0) return page;
    placed = true;
    return { ...page, items: [...page.items.slice(0, index), item, ...page.items.slice(index)] };
  });
  const lastIndex = pages.length - 1;
  return {
    ...data,
    pages: pages.map((page, index) => ({
      ...page,
      items:
        !placed && index === lastIndex && !hasMorePages(data) ? [...page.items, item] : page.items,
      total: page.total + 1,
    })),
  };
}

/**
 * Applies one live event to a cached problem list. Pure and idempotent: replaying events after a
 * resubscribe leaves the same list.
 * - created: placed where the server's order puts it (a new problem has no votes and the newest
 *   date); a search or filter is the server's to match (refetch).
 * - voted: the counts change in place; a vote sort keeps its order until the list is refreshed, so
 *   cards do not jump under the reader's pointer.
 * - submitted: nothing a card shows.
 */
export function applyProblemEventToList(
  data: ProblemListData,
  event: ProblemEvent,
  view: ProblemListView,
): ProblemListPatch {
  const unchanged = { data, refetch: false };
  switch (event.type) {
    case 'created': {
      if (pagesHold(data, event.problemId)) return unchanged;
      if (isFiltered(view) || data.pages.length === 0) return { data, refetch: true };
      return { data: insertSorted(data, event.problem, view), refetch: false };
    }
    case 'voted': {
      if (!pagesHold(data, event.problemId)) return unchanged;
      return {
        data: {
          ...data,
          pages: data.pages.map((page) =>
            page.items.some((item) => item.id === event.problemId)
              ? {
                  ...page,
                  items: page.items.map((item) =>
                    item.id === event.problemId
                      ? {
                          ...item,
                          upVoteCount: event.upVoteCount,
                          downVoteCount: event.downVoteCount,
                          voteScore: event.voteScore,
                        }
                      : item,
                  ),
                }
              : page,
          ),
        },
        refetch: false,
      };
    }
    case 'submitted':
      return unchanged;
    // A hidden problem leaves the list; one shown again comes back where the server sorts it.
    case 'hidden':
      if (event.hidden && !pagesHold(data, event.problemId)) return unchanged;
      return { data, refetch: true };
  }
}
