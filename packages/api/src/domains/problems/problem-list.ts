import { boundTo, firstRow, type Db, dialect, problems } from '@app/db';
import {
  PROBLEMS_PAGE_SIZE,
  problemMessages,
  voteScore,
  type ListProblemsInput,
  type ProblemDifficulty,
  type ProblemSort,
  type SortDirection,
} from '@app/validators';
import { and, asc, desc, eq, gt, isNull, lt, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import { problemSummaryColumns } from './problem-columns';
import { searchNeedle } from './problem-search';
import type { ProblemPage, ProblemSummary } from './shapes';
import { difficultyOf, topicPattern, topicsOf } from './topics';

/**
 * Each sort walks its own index (schema: problems_newest, problems_up_votes, problems_down_votes) in
 * either direction; ties go by id in the same direction.
 */
const SORT_COLUMNS = {
  date: problems.createdAt,
  upvotes: problems.upVoteCount,
  downvotes: problems.downVoteCount,
} as const;

// A cursor is the sort's letter, the direction's, the last row's sort value and its id: "ta1717171717171_42".
const SORT_LETTER: Record<ProblemSort, string> = { date: 't', upvotes: 'u', downvotes: 'd' };

function sortValue(sort: ProblemSort, row: ProblemSummary): number {
  if (sort === 'upvotes') return row.upVoteCount;
  if (sort === 'downvotes') return row.downVoteCount;
  return row.createdAt.getTime();
}

function encodeCursor(sort: ProblemSort, direction: SortDirection, row: ProblemSummary): string {
  return `${SORT_LETTER[sort]}${direction[0]}${sortValue(sort, row)}_${row.id}`;
}

function decodeCursor(sort: ProblemSort, direction: SortDirection, cursor: string) {
  const match = /^([a-z])([ad])(\d{1,16})_(\d{1,16})$/.exec(cursor);
  if (!match || match[1] !== SORT_LETTER[sort] || match[2] !== direction[0]) {
    throw new Refusal({ code: 'BAD_REQUEST', message: problemMessages.invalidCursor });
  }
  return { cursorValue: Number(match[3]), cursorId: Number(match[4]) };
}

interface FilterShape {
  hasSearch: boolean;
  hasDifficulty: boolean;
  hasTopic: boolean;
}

interface PageShape extends FilterShape {
  sort: ProblemSort;
  direction: SortDirection;
  hasCursor: boolean;
}

const searchCondition = () => dialect.containsText(problems.searchKey, sql.placeholder('pattern'));

/**
 * What every list and count keeps: problems flags did not hide, matching the search, the difficulty
 * and the topic when they are given. A filter is checked on the rows of the order's index walk (a
 * site has few problems next to its questions; the walk stops at a page).
 */
function filterConditions(shape: FilterShape): SQL[] {
  return [
    isNull(problems.hiddenAt),
    ...(shape.hasSearch ? [searchCondition()] : []),
    ...(shape.hasDifficulty ? [eq(problems.difficulty, sql.placeholder('difficulty'))] : []),
    ...(shape.hasTopic ? [sql`${problems.topics} like ${sql.placeholder('topic')}`] : []),
  ];
}

function buildPageStatement(db: Db, shape: PageShape) {
  const column = SORT_COLUMNS[shape.sort];
  const descending = shape.direction === 'desc';
  const order = descending ? desc : asc;
  const after = descending ? lt : gt;
  // A problem flags hid leaves the list until a moderator looks.
  const filters = filterConditions(shape);
  const limit = sql.placeholder('limit');
  const cursorValue = sql.placeholder('cursorValue');
  const page = (...conditions: SQL[]) =>
    db
      .select(problemSummaryColumns)
      .from(problems)
      .where(and(...filters, ...conditions))
      .orderBy(order(column), order(problems.id))
      .limit(limit);

  if (!shape.hasCursor) return page().prepare();
  // After a cursor: the rest of the cursor's tie group, then what sorts after it, two exact index
  // ranges merged. SQLite seeks a row-value comparison on its first column only, so one range would
  // step over every tied row first (most problems share a vote count of 0).
  const ties = page(eq(column, cursorValue), after(problems.id, sql.placeholder('cursorId'))).as(
    'ties',
  );
  const rest = page(after(column, cursorValue)).as('rest');
  const direction = sql.raw(shape.direction);
  return db
    .select()
    .from(ties)
    .unionAll(db.select().from(rest))
    .orderBy(
      sql`${sql.identifier(column.name)} ${direction}`,
      sql`${sql.identifier(problems.id.name)} ${direction}`,
    )
    .limit(limit)
    .prepare();
}

const pageStatements = perDb(() => new Map<string, ReturnType<typeof buildPageStatement>>());

function pageStatement(db: Db, shape: PageShape) {
  const map = pageStatements(db);
  const key = JSON.stringify(shape);
  let statement = map.get(key);
  if (!statement) map.set(key, (statement = buildPageStatement(db, shape)));
  return statement;
}

const buildCountStatement = (db: Db, shape: FilterShape) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(problems)
    .where(and(...filterConditions(shape)))
    .prepare();

const countStatements = perDb(() => new Map<string, ReturnType<typeof buildCountStatement>>());

function countStatement(db: Db, shape: FilterShape) {
  const map = countStatements(db);
  const key = JSON.stringify(shape);
  let statement = map.get(key);
  if (!statement) map.set(key, (statement = buildCountStatement(db, shape)));
  return statement;
}

interface PageRequest {
  sort: ProblemSort;
  direction: SortDirection;
  limit: number;
  pattern: string | null;
  difficulty: ProblemDifficulty | null;
  topic: string | null;
  cursor: { cursorValue: number; cursorId: number } | null;
}

const filterShape = (request: PageRequest): FilterShape => ({
  hasSearch: request.pattern !== null,
  hasDifficulty: request.difficulty !== null,
  hasTopic: request.topic !== null,
});

const filterParams = (request: PageRequest): Record<string, unknown> => ({
  ...(request.pattern ? { pattern: request.pattern } : {}),
  ...(request.difficulty ? { difficulty: request.difficulty } : {}),
  ...(request.topic ? { topic: topicPattern(request.topic) } : {}),
});

function resolve(input: ListProblemsInput): PageRequest {
  const sort = input.sort ?? 'date';
  const direction = input.sort ? (input.direction ?? 'desc') : 'desc';
  const needle = searchNeedle(input.search ?? '');
  return {
    sort,
    direction,
    limit: input.limit ?? PROBLEMS_PAGE_SIZE,
    pattern: needle ? dialect.containsPattern(needle) : null,
    difficulty: input.difficulty ?? null,
    topic: input.topic ?? null,
    cursor: input.cursor ? decodeCursor(sort, direction, input.cursor) : null,
  };
}

function pageParts(db: Db, request: PageRequest) {
  const statement = pageStatement(db, {
    sort: request.sort,
    direction: request.direction,
    ...filterShape(request),
    hasCursor: request.cursor !== null,
  });
  const cursor = request.cursor && {
    cursorValue: boundTo(SORT_COLUMNS[request.sort], request.cursor.cursorValue),
    cursorId: request.cursor.cursorId,
  };
  const params: Record<string, unknown> = {
    ...filterParams(request),
    ...cursor,
    limit: request.limit + 1,
  };
  return { statement, params };
}

/**
 * A page of problems in the chosen order after `cursor`, and how many match in all. Keyset
 * pagination: the cursor holds the last row's sort value and id. No sort (Clear Sort) is newest first.
 * The search matches title or text as a substring, whatever the case; the difficulty and topic
 * filters (issue 24) keep only the problems that have them.
 */
export async function listProblems(
  { db }: ApiDeps,
  input: ListProblemsInput,
): Promise<ProblemPage> {
  const request = resolve(input);
  const { limit } = request;
  const total =
    (await firstRow(countStatement(db, filterShape(request)).execute(filterParams(request))))?.n ??
    0;
  if (total === 0) return { items: [], nextCursor: null, total };
  const { statement, params } = pageParts(db, request);
  const rows = await statement.execute(params);
  const items = rows.slice(0, limit).map((row): ProblemSummary => ({
    ...row,
    difficulty: difficultyOf(row.difficulty),
    topics: topicsOf(row.topics),
    voteScore: voteScore(row.upVoteCount, row.downVoteCount),
  }));
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor(request.sort, request.direction, last) : null;
  return { items, nextCursor, total };
}

/** EXPLAIN QUERY PLAN of the statement a list request runs: for tests and for looking into slow lists. */
export async function explainListProblems(db: Db, input: ListProblemsInput): Promise<string[]> {
  const { statement, params } = pageParts(db, resolve(input));
  const { sql: text, params: bound } = statement.getQuery();
  const values = bound.map((value) => (value instanceof Placeholder ? params[value.name] : value));
  return dialect.explainQueryPlan(db, text, values);
}
