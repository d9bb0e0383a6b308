import {
  parseSearch,
  questionMessages,
  TAGS_MAX,
  type ListQuestionsInput,
  type QuestionOrder,
  tagKey,
  voteScore,
} from '@app/validators';
import { dialect, type Db } from '@app/db';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import {
  choosePlan,
  countMatches,
  ORDER_COLUMNS,
  readPageIds,
  readPageRows,
  type ListFilter,
  type PageQuery,
} from './question-list-query';
import type { QuestionPage, QuestionSummary } from './shapes';
import { findTagIds, tagsForQuestions } from './tags';

/** The list request in one canonical form, so equal requests share a cache entry. */
interface ListRequest {
  order: QuestionOrder;
  /** Lower-cased, unique, sorted: every one must be on the question. */
  tags: string[];
  /** Lower-cased, unique, sorted: every one must start a word of the title or text. */
  words: string[];
  cursor: string | null;
  limit: number;
}

function normalize(input: ListQuestionsInput): ListRequest {
  const search = parseSearch(input.search ?? '');
  const tags = [...search.tags, ...(input.tag ? [tagKey(input.tag)] : [])];
  const unique = (list: string[]) => [...new Set(list)].sort();
  return {
    order: input.order ?? 'newest',
    tags: unique(tags),
    words: unique(search.words.map((word) => word.toLowerCase())),
    cursor: input.cursor ?? null,
    limit: input.limit ?? 20,
  };
}

// A cursor is the order's letter, the last row's sort value and its id: "n1717171717171_42".
const CURSOR_LETTER: Record<QuestionOrder, string> = {
  newest: 'n',
  unanswered: 'u',
  active: 'a',
  mostViewed: 'v',
};

function sortValue(order: QuestionOrder, row: QuestionSummary): number {
  if (order === 'mostViewed') return row.viewCount;
  return (order === 'active' ? row.lastActivityAt : row.askDateTime).getTime();
}

function encodeCursor(order: QuestionOrder, row: QuestionSummary): string {
  return `${CURSOR_LETTER[order]}${sortValue(order, row)}_${row.id}`;
}

function decodeCursor(order: QuestionOrder, cursor: string): PageQuery['cursor'] {
  const match = /^([a-z])(\d{1,16})_(\d{1,16})$/.exec(cursor);
  if (!match || match[1] !== CURSOR_LETTER[order]) {
    throw new Refusal({ code: 'BAD_REQUEST', message: questionMessages.invalidCursor });
  }
  return { cursorValue: Number(match[2]), cursorId: Number(match[3]) };
}

/** The request's filter with its values resolved, or null when it can match nothing. */
async function filterOf(db: Db, request: ListRequest): Promise<ListFilter | null> {
  // No question has more than TAGS_MAX tags, and a tag nobody has used matches nothing: no need to ask.
  const tagIds = request.tags.length > TAGS_MAX ? null : await findTagIds(db, request.tags);
  if (!tagIds) return null;
  return {
    unansweredOnly: ORDER_COLUMNS[request.order].unansweredOnly,
    tagIds,
    match: request.words.length > 0 ? dialect.fullTextQuery(request.words) : null,
  };
}

/**
 * A page of questions in the chosen order after `cursor`, and how many match in all. Keyset
 * pagination: the cursor holds the last row's sort value and id, so a late page costs what the first
 * does. Pages and totals come from the question list cache while no question event says otherwise.
 */
export async function listQuestions(
  { db, readCache }: ApiDeps,
  input: ListQuestionsInput,
): Promise<QuestionPage> {
  const request = normalize(input);
  const cache = readCache.questionList;
  const filterKey = `${request.order === 'unanswered'}|${request.tags.join(' ')}|${request.words.join(' ')}`;
  const pageKey = `${request.order}|${request.limit}|${request.cursor ?? ''}|${filterKey}`;
  return cache.page(pageKey, request.order, async () => {
    const cursor = request.cursor === null ? null : decodeCursor(request.order, request.cursor);
    const filter = await filterOf(db, request);
    if (!filter) return { items: [], nextCursor: null, total: 0 };
    const total = await cache.total(filterKey, () => countMatches(db, filter));
    if (total === 0) return { items: [], nextCursor: null, total };

    const rows = await readPageRows(db, {
      order: request.order,
      filter,
      plan: await choosePlan(db, filter, total, request.limit),
      cursor,
      rows: request.limit + 1,
    });
    const pageRows = rows.slice(0, request.limit);
    const tagsById = await tagsForQuestions(
      db,
      pageRows.map((row) => row.id),
    );
    const items = pageRows.map((row): QuestionSummary => ({
      ...row,
      tags: tagsById.get(row.id) ?? [],
      voteScore: voteScore(row.upVoteCount, row.downVoteCount),
      hasAcceptedAnswer: Boolean(row.hasAcceptedAnswer),
    }));
    const last = items.at(-1);
    const nextCursor =
      rows.length > request.limit && last ? encodeCursor(request.order, last) : null;
    return { items, nextCursor, total };
  });
}

/**
 * The ids of every question of an order, search and tag, in list order, with no paging: the original
 * client's whole list (SPEC §7 GET /question/getQuestion), read from the same indexes as the pages.
 */
export async function listQuestionIds(
  { db }: ApiDeps,
  input: Pick<ListQuestionsInput, 'order' | 'search' | 'tag'>,
): Promise<number[]> {
  const request = normalize({ ...input, cursor: null });
  const filter = await filterOf(db, request);
  if (!filter) return [];
  const total = await countMatches(db, filter);
  if (total === 0) return [];
  return readPageIds(db, {
    order: request.order,
    filter,
    plan: await choosePlan(db, filter, total, total),
    cursor: null,
    rows: total,
  });
}
