import {
  QUESTION_ORDERS,
  SEARCH_MAX,
  tagKey,
  type QuestionActivity,
  type QuestionOrder,
} from '@app/validators';
import type { InfiniteData } from '@tanstack/react-query';
import { hasMorePages, listItems, pagesHold } from '../../shared/lib/pagedList';
import { voteOf } from '../../shared/lib/votes';
import type { RouterOutputs } from '../../trpc';
import { later } from '../../shared/lib/dates';

/** One card of the question list, one page of it, and the whole question page, as the server sends them. */
export type QuestionSummary = RouterOutputs['question']['list']['items'][number];
export type QuestionPage = RouterOutputs['question']['list'];
export type QuestionDetail = RouterOutputs['question']['byId'];
export type AnswerView = QuestionDetail['answers'][number];
export type CommentView = QuestionDetail['comments'][number];

type TrackedItem<T> = T extends AsyncIterable<infer Item> ? Item : never;
/** What question.onQuestionChanged and question.onQuestionUpdated carry (the `data` of each tracked event). */
export type QuestionEvent = TrackedItem<RouterOutputs['question']['onQuestionChanged']>['data'];
/** An event with its id: as a live stream delivers it, and as a write's reply hands it back. */
export interface IdentifiedQuestionEvent {
  id: string;
  payload: QuestionEvent;
}

/** The cached pages of one question list (useInfiniteQuery's data). */
export type QuestionListData = InfiniteData<QuestionPage, unknown>;

/** Which list a cache entry holds: its order and its filters. */
export interface ListView {
  order: QuestionOrder;
  /** Non-empty when the list is a search. */
  search?: string;
  /** Non-empty when the list is one tag's questions. */
  tag?: string;
}

/** The result of applying one event to a cached list: the new data, and whether only a refetch can tell. */
export interface ListPatch {
  data: QuestionListData;
  /** True when the event may change which questions the list holds in a way the event alone cannot show. */
  refetch: boolean;
}

const isOrder = (value: string | null): value is QuestionOrder =>
  (QUESTION_ORDERS as readonly string[]).includes(value ?? '');

/** The list the /home URL asks for: ?order= (newest by default), ?search=, ?tag= (blank ones ignored). */
export function listViewFromParams(params: URLSearchParams): ListView {
  const order = params.get('order');
  // A longer search (a pasted or hand-made URL) is cut to what the server accepts.
  const search = params.get('search')?.trim().slice(0, SEARCH_MAX).trim();
  const tag = params.get('tag')?.trim();
  return {
    order: isOrder(order) ? order : 'newest',
    ...(search ? { search } : {}),
    ...(tag ? { tag } : {}),
  };
}

/** The list a cached query's input describes (the same rules as the URL). */
export function listViewFromInput(input: unknown): ListView {
  const value = (input ?? {}) as { order?: unknown; search?: unknown; tag?: unknown };
  const params = new URLSearchParams();
  for (const key of ['order', 'search', 'tag'] as const) {
    const field = value[key];
    if (typeof field === 'string') params.set(key, field);
  }
  return listViewFromParams(params);
}

/** SPEC §2: 'Search Results' for a search, the tag's name for a tag, else 'All Questions'. */
/** The list's title (SPEC §2); a tag shows under its own name when known, whatever the URL's case. */
export function listTitle(view: ListView, tagName?: string): string {
  if (view.search) return 'Search Results';
  if (view.tag) return tagName ?? view.tag;
  return 'All Questions';
}

// --- Cached lists -------------------------------------------------------------------------------------

function patchItem(
  data: QuestionListData,
  qid: number,
  patch: (item: QuestionSummary) => QuestionSummary,
): QuestionListData {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((item) => item.id === qid)
        ? { ...page, items: page.items.map((item) => (item.id === qid ? patch(item) : item)) }
        : page,
    ),
  };
}

function removeItem(data: QuestionListData, qid: number): QuestionListData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== qid),
      total: Math.max(0, page.total - 1),
    })),
  };
}

/** Puts a question first on the first page (taking it out of wherever it was). */
function moveToTop(data: QuestionListData, item: QuestionSummary, countsAsNew: boolean) {
  return {
    ...data,
    pages: data.pages.map((page, index) => {
      const items = page.items.filter((other) => other.id !== item.id);
      return {
        ...page,
        items: index === 0 ? [item, ...items] : items,
        total: countsAsNew ? page.total + 1 : page.total,
      };
    }),
  };
}

/** What a card says an activity event was ('answered 3 minutes ago', 'modified …'). */
const ACTIVITY_OF = {
  answered: 'answered',
  commented: 'commented',
  edited: 'modified',
  answerEdited: 'modified',
} as const satisfies Record<string, QuestionActivity>;

type ActivityEvent = Extract<QuestionEvent, { type: keyof typeof ACTIVITY_OF }>;

/**
 * Activity on a listed question: its last activity becomes this event's, unless the event is older
 * (a replay), along with what else the event changed on the card; Active moves it to the top.
 */
function applyActivity(
  data: QuestionListData,
  event: ActivityEvent,
  view: ListView,
  change: (item: QuestionSummary) => Partial<QuestionSummary> = () => ({}),
): ListPatch {
  const patched = patchItem(data, event.qid, (item) => ({
    ...item,
    ...change(item),
    lastActivityAt: later(item.lastActivityAt, event.lastActivityAt),
    lastActivityKind:
      event.lastActivityAt.getTime() >= item.lastActivityAt.getTime()
        ? ACTIVITY_OF[event.type]
        : item.lastActivityKind,
  }));
  if (view.order !== 'active') return { data: patched, refetch: false };
  const item = listItems(patched).find((q) => q.id === event.qid);
  return { data: item ? moveToTop(patched, item, false) : patched, refetch: false };
}

/** Whether a new question belongs in the list: true, false, or null when only the server can tell (search). */
function matchesFilter(view: ListView, question: QuestionSummary): boolean | null {
  if (view.search) return null;
  if (view.tag) {
    const tag = tagKey(view.tag);
    return question.tags.some((t) => tagKey(t.name) === tag);
  }
  return true;
}

/**
 * Applies one live event to a cached question list. Pure and idempotent: replaying events after a
 * resubscribe leaves the same list.
 * - created: the newest question heads the newest, unanswered and active orders, so it goes first when it
 *   matches the tag; for searches and Most Viewed only the server knows where it goes: refetch.
 * - answered / commented: counts and last activity change in place; Active moves it to the top;
 *   Unanswered drops it once answered.
 * - voted / viewed: counts change in place (Most Viewed keeps its order until the next fetch).
 * - accepted: the card's accepted mark follows; answer votes do not show on cards.
 * - edited: title, tags and last activity ('modified') change in place, and Active moves it to the top;
 *   a search or tag list refetches (the edit may move the question in or out of it).
 * - answerEdited: the question's last activity ('modified'), as for a comment.
 * Activity on a question not cached refetches the Active order (it now belongs on top).
 */
export function applyQuestionEventToList(
  data: QuestionListData,
  event: QuestionEvent,
  view: ListView,
): ListPatch {
  const unchanged = { data, refetch: false };
  const present = pagesHold(data, event.qid);

  switch (event.type) {
    case 'created': {
      if (present) return unchanged;
      const matches = matchesFilter(view, event.question);
      if (matches === false) return unchanged;
      if (matches === null || view.order === 'mostViewed' || data.pages.length === 0)
        return { data, refetch: true };
      return { data: moveToTop(data, event.question, true), refetch: false };
    }
    case 'answered':
    case 'commented': {
      if (!present) {
        // Active: it now belongs on top, but the event does not carry the whole card.
        if (view.order === 'active') return { data, refetch: true };
        // Unanswered: a first answer may take away a question from a page not loaded yet.
        if (
          view.order === 'unanswered' &&
          event.type === 'answered' &&
          event.answerCount === 1 &&
          hasMorePages(data)
        )
          return { data, refetch: true };
        return unchanged;
      }
      if (view.order === 'unanswered' && event.type === 'answered')
        return { data: removeItem(data, event.qid), refetch: false };
      return applyActivity(data, event, view, (item) =>
        event.type === 'answered'
          ? { answerCount: Math.max(item.answerCount, event.answerCount) }
          : {},
      );
    }
    case 'voted': {
      if (!present) return unchanged;
      return {
        data: patchItem(data, event.qid, (item) => ({
          ...item,
          upVoteCount: event.upVoteCount,
          downVoteCount: event.downVoteCount,
          voteScore: event.voteScore,
        })),
        refetch: false,
      };
    }
    case 'viewed': {
      if (!present) return unchanged;
      return {
        data: patchItem(data, event.qid, (item) => ({
          ...item,
          viewCount: Math.max(item.viewCount, event.viewCount),
        })),
        refetch: false,
      };
    }
    // Flags hid the question or a post of it, or a moderator showed it again: which lists hold it
    // is the server's to say.
    case 'moderated':
      return { data, refetch: true };
    case 'closed':
      return present ? { data, refetch: true } : unchanged;
    case 'accepted': {
      if (!present) return unchanged;
      return {
        data: patchItem(data, event.qid, (item) => ({
          ...item,
          hasAcceptedAnswer: event.acceptedAnswerId !== null,
        })),
        refetch: false,
      };
    }
    case 'edited': {
      if (view.search || view.tag) return { data, refetch: true };
      if (!present) return view.order === 'active' ? { data, refetch: true } : unchanged;
      return applyActivity(data, event, view, () => ({ title: event.title, tags: event.tags }));
    }
    case 'answerEdited': {
      if (!present) return view.order === 'active' ? { data, refetch: true } : unchanged;
      return applyActivity(data, event, view);
    }
    case 'answerVoted':
      return unchanged;
  }
}

// --- Cached question pages ----------------------------------------------------------------------------

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** Adds a comment to a list (oldest first) unless it is there already. */
function withComment(list: readonly CommentView[], comment: CommentView): CommentView[] {
  if (list.some((c) => c.id === comment.id)) return [...list];
  return [...list, comment].sort(byId);
}

/**
 * Applies one live event to a cached question page: new answers and comments are added (once), votes
 * replace the voter lists (the viewer's own vote follows from them), views raise the count, accepts
 * and edits replace what they changed (each only when newer than what is shown). Pure and
 * idempotent; events of other questions leave it as it is.
 */
export function applyQuestionEventToDetail(
  detail: QuestionDetail,
  event: QuestionEvent,
  username: string,
): QuestionDetail {
  if (event.qid !== detail.id) return detail;
  switch (event.type) {
    case 'created':
      return detail;
    case 'answered': {
      const answers = detail.answers.some((a) => a.id === event.answer.id)
        ? detail.answers
        : [...detail.answers, event.answer].sort(byId);
      return {
        ...detail,
        answers,
        answerCount: Math.max(detail.answerCount, event.answerCount, answers.length),
        lastActivityAt: later(detail.lastActivityAt, event.lastActivityAt),
      };
    }
    case 'commented': {
      const { parent, comment } = event;
      const lastActivityAt = later(detail.lastActivityAt, event.lastActivityAt);
      if (parent.type === 'question')
        return { ...detail, comments: withComment(detail.comments, comment), lastActivityAt };
      return {
        ...detail,
        answers: detail.answers.map((answer) =>
          answer.id === parent.id
            ? { ...answer, comments: withComment(answer.comments, comment) }
            : answer,
        ),
        lastActivityAt,
      };
    }
    case 'voted':
      // Vote states replace each other whole: an older one (a late reply) must not undo a newer one.
      if (event.voteVersion <= detail.voteVersion) return detail;
      return {
        ...detail,
        upVotes: event.upVotes,
        downVotes: event.downVotes,
        voteScore: event.voteScore,
        voteVersion: event.voteVersion,
        myVote: voteOf(event, username),
      };
    case 'viewed':
      return { ...detail, viewCount: Math.max(detail.viewCount, event.viewCount) };
    // What a hidden post leaves, and what a closed question shows, the page reads again (cache.ts).
    case 'moderated':
    case 'closed':
      return detail;
    case 'answerVoted':
      return {
        ...detail,
        answers: detail.answers.map((answer) =>
          // The same rule as the question's votes: only a newer state replaces the one shown.
          answer.id === event.answerId && event.voteVersion > answer.voteVersion
            ? {
                ...answer,
                upVotes: event.upVotes,
                downVotes: event.downVotes,
                voteScore: event.voteScore,
                voteVersion: event.voteVersion,
                myVote: voteOf(event, username),
              }
            : answer,
        ),
      };
    case 'accepted':
      if (event.acceptVersion <= detail.acceptVersion) return detail;
      return {
        ...detail,
        acceptedAnswerId: event.acceptedAnswerId,
        acceptVersion: event.acceptVersion,
      };
    case 'edited':
      // Edited states replace each other whole, ordered by the revision count.
      if (event.revisionCount <= detail.revisionCount) return detail;
      return {
        ...detail,
        title: event.title,
        text: event.text,
        tags: event.tags,
        editedAt: event.editedAt,
        revisionCount: event.revisionCount,
        lastActivityAt: later(detail.lastActivityAt, event.lastActivityAt),
      };
    case 'answerEdited':
      return {
        ...detail,
        lastActivityAt: later(detail.lastActivityAt, event.lastActivityAt),
        answers: detail.answers.map((answer) =>
          answer.id === event.answerId && event.revisionCount > answer.revisionCount
            ? {
                ...answer,
                text: event.text,
                editedAt: event.editedAt,
                revisionCount: event.revisionCount,
              }
            : answer,
        ),
      };
  }
}
