import {
  boundTo,
  firstRow,
  answers,
  type Db,
  dialect,
  questions,
  questionTags,
  users,
} from '@app/db';
import type { QuestionActivity, QuestionOrder } from '@app/validators';
import {
  and,
  desc,
  eq,
  getTableName,
  lt,
  Placeholder,
  sql,
  type Column,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { perDb } from '../../core/prepared';
import { isShown, removedQuestionIds } from './visibility';

/**
 * The SQL behind the question list: one prepared statement per shape of request, built on first use.
 * Each order walks its own index backwards (schema: questions_newest, questions_unanswered,
 * questions_active, questions_most_viewed); ties go to the higher id.
 */
export const ORDER_COLUMNS = {
  newest: { column: questions.askDateTime, unansweredOnly: false },
  unanswered: { column: questions.askDateTime, unansweredOnly: true },
  active: { column: questions.lastActivityAt, unansweredOnly: false },
  mostViewed: { column: questions.viewCount, unansweredOnly: false },
} as const;

/** What a list request filters on, with values resolved: tag ids, and the full-text MATCH expression. */
export interface ListFilter {
  unansweredOnly: boolean;
  tagIds: number[];
  match: string | null;
}

/**
 * How a filtered page is read. 'walk': down the order's index, keeping rows that match, until the page
 * is full; cheap when matches are common. 'probe': fetch every match by id, then sort; cheap when they
 * are rare. SQLite cannot tell (it has no idea how many questions a tag has) but we can: the total.
 */
export type Plan = 'walk' | 'probe';

export async function choosePlan(
  db: Db,
  filter: ListFilter,
  total: number,
  limit: number,
): Promise<Plan> {
  if (filter.tagIds.length === 0 && !filter.match) return 'walk';
  // A walk reads about limit × questions / total rows to fill a page; a probe reads total rows.
  const questionCount = (await firstRow(questionCountEstimate(db).execute()))?.n ?? 0;
  return total * total >= limit * questionCount ? 'walk' : 'probe';
}

// The highest id: as good as count(*) for the estimate above, and one index seek.
const questionCountEstimate = perDb((db) =>
  db
    .select({ n: sql<number>`coalesce(max(${questions.id}), 0)` })
    .from(questions)
    .prepare(),
);

/** What a statement depends on: which conditions there are, not their values. */
interface FilterShape {
  unansweredOnly: boolean;
  tagCount: number;
  hasMatch: boolean;
}

interface PageShape extends FilterShape {
  order: QuestionOrder;
  plan: Plan;
  hasCursor: boolean;
}

const tagIdParam = (i: number) => sql.placeholder(`tag${i}`);

/**
 * The ids of questions with all the tags and all the words, read from indexes only: the first tag's
 * entries in question_tags_tag (or the full-text matches when there is no tag), each checked against the
 * other sets, built once. Unary + keeps SQLite from turning those checks into per-row lookups.
 */
function matchingIds(shape: FilterShape): SQL {
  const match = sql.placeholder('match');
  if (shape.tagCount === 0) return dialect.textMatchIds(match);
  const questionId = sql`+${questionTags.questionId}`;
  const checks = [
    ...(shape.hasMatch ? [dialect.idMatchesText(questionId, match)] : []),
    ...Array.from(
      { length: shape.tagCount - 1 },
      (_, i) =>
        sql`${questionId} in (select ${questionTags.questionId} from ${questionTags} where ${questionTags.tagId} = ${tagIdParam(i + 1)})`,
    ),
  ];
  return sql`select ${questionTags.questionId} from ${questionTags} where ${and(eq(questionTags.tagId, tagIdParam(0)), ...checks)}`;
}

/**
 * Conditions of a filter, written for a plan. A walk checks each row it passes: a tag is one primary
 * key lookup (EXISTS), the full-text matches are gathered once (IN), and the id sits behind unary + so
 * the planner keeps to the order's index. A probe fetches the matching ids by id and sorts them; its
 * answer_count test is hidden from the planner too, or it would walk questions_unanswered instead.
 */
function filterConditions(shape: FilterShape, plan: Plan): SQL[] {
  const filtered = shape.tagCount > 0 || shape.hasMatch;
  // Deleted and hidden questions are in no list: checked on the row each plan reads anyway.
  if (plan === 'probe' && filtered) {
    return [
      ...(shape.unansweredOnly ? [sql`+${questions.answerCount} = 0`] : []),
      sql`${questions.id} in (${matchingIds(shape)})`,
      isShown(questions),
    ];
  }
  const conditions: SQL[] = [isShown(questions)];
  if (shape.unansweredOnly) conditions.push(eq(questions.answerCount, 0));
  if (shape.hasMatch)
    conditions.push(dialect.idMatchesText(sql`+${questions.id}`, sql.placeholder('match')));
  for (let i = 0; i < shape.tagCount; i++) {
    conditions.push(
      sql`exists (select 1 from ${questionTags} where ${questionTags.questionId} = ${questions.id} and ${questionTags.tagId} = ${tagIdParam(i)})`,
    );
  }
  return conditions;
}

// Drizzle writes columns unqualified in a one-table select, which a subquery would read as its own.
const qualified = (table: Table, column: Column) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

// Only the last activity's time is kept on the row, so its kind is worked out from the times: an edit of
// the question at that time makes it 'modified' (its own column); for a question with answers, one pass
// over them (answers_question) finds an answer at that time ('answered') or an answer edit ('modified');
// a time after the asking without either is a comment. Evaluated for the page's rows only.
const lastActivityAt = qualified(questions, questions.lastActivityAt);
const kindAmongAnswers = sql`(select case
    when max(${qualified(answers, answers.ansDateTime)}) = ${lastActivityAt} then 'answered'
    when max(case when ${qualified(answers, answers.editedAt)} = ${lastActivityAt} then 1 end) = 1 then 'modified' end
  from ${answers} where ${qualified(answers, answers.questionId)} = ${qualified(questions, questions.id)})`;
const lastActivityKind = sql<QuestionActivity>`case
  when ${questions.lastActivityAt} = ${questions.editedAt} then 'modified'
  when ${questions.lastActivityAt} = ${questions.askDateTime} then 'asked'
  when ${questions.answerCount} > 0 then coalesce(${kindAmongAnswers}, 'commented')
  else 'commented' end`.as('last_activity_kind');

const summaryColumns = {
  id: questions.id,
  title: questions.title,
  // A subquery, not a join: the planner must start from the order's index, never from users.
  askedBy:
    sql<string>`(select ${users.username} from ${users} where ${users.id} = ${questions.askedBy})`.as(
      'asked_by_name',
    ),
  askDateTime: questions.askDateTime,
  lastActivityAt: questions.lastActivityAt,
  lastActivityKind,
  answerCount: questions.answerCount,
  viewCount: questions.viewCount,
  upVoteCount: questions.upVoteCount,
  downVoteCount: questions.downVoteCount,
  hasAcceptedAnswer: sql<number>`${questions.acceptedAnswerId} is not null`.as('has_accepted'),
};

function buildPageStatement(db: Db, shape: PageShape) {
  const { column } = ORDER_COLUMNS[shape.order];
  const filters = filterConditions(shape, shape.plan);
  const limit = sql.placeholder('limit');
  const cursorValue = sql.placeholder('cursorValue');
  const cursorId = sql.placeholder('cursorId');
  const page = (...conditions: SQL[]) =>
    db
      .select(summaryColumns)
      .from(questions)
      .where(and(...filters, ...conditions))
      .orderBy(desc(column), desc(questions.id))
      .limit(limit);

  if (!shape.hasCursor) return page().prepare();
  // A probe sorts its few matches anyway: one row-value comparison is enough.
  if (shape.plan === 'probe')
    return page(sql`(${column}, ${questions.id}) < (${cursorValue}, ${cursorId})`).prepare();
  // A walk after a cursor reads two exact index ranges, the rest of the cursor's tie group and what
  // sorts below it, and merges them. SQLite seeks a row-value comparison on its first column only, so a
  // single walk would step over every tied row first: 60,000 of them in Most Viewed among unviewed questions.
  const ties = page(eq(column, cursorValue), lt(questions.id, cursorId)).as('ties');
  const below = page(lt(column, cursorValue)).as('below');
  return db
    .select()
    .from(ties)
    .unionAll(db.select().from(below))
    .orderBy(
      sql`${sql.identifier(column.name)} desc`,
      sql`${sql.identifier(questions.id.name)} desc`,
    )
    .limit(limit)
    .prepare();
}

/**
 * Counting reads indexes only: the matches, less the removed questions among them (read from the
 * partial index questions_removed, which holds only those).
 */
function buildCountStatement(db: Db, shape: FilterShape) {
  const count = { n: sql<number>`count(*)`.mapWith(Number) };
  const filtered = shape.tagCount > 0 || shape.hasMatch;
  if (!filtered) {
    const unanswered = shape.unansweredOnly ? eq(questions.answerCount, 0) : undefined;
    const all = db.select(count).from(questions).where(unanswered);
    const removed = sql`select count(*) from (${removedQuestionIds(unanswered)}) as removed`;
    return db
      .select({ n: sql<number>`(${all}) - (${removed})`.mapWith(Number) })
      .from(sql`(select 1) as one`)
      .prepare();
  }
  const notRemoved = (id: SQL) => sql`${id} not in (${removedQuestionIds()})`;
  if (shape.unansweredOnly) {
    // Walk questions_unanswered (it holds the id), checking each against the matching set.
    return db
      .select(count)
      .from(questions)
      .where(
        and(
          eq(questions.answerCount, 0),
          sql`+${questions.id} in (${matchingIds(shape)})`,
          notRemoved(sql`+${questions.id}`),
        ),
      )
      .prepare();
  }
  const matches = sql`select count(*) from (${matchingIds(shape)}) as matches`;
  const removed = sql`select count(*) from (${removedQuestionIds(sql`${questions.id} in (${matchingIds(shape)})`)}) as removed`;
  return db
    .select({ n: sql<number>`(${matches}) - (${removed})`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare();
}

/** Builds a statement once per shape and database, then hands back the same one. */
function statementCache<S, T>(build: (db: Db, shape: S) => T): (db: Db, shape: S) => T {
  const perShape = perDb(() => new Map<string, T>());
  return (db, shape) => {
    const map = perShape(db);
    const key = JSON.stringify(shape);
    let statement = map.get(key);
    if (!statement) map.set(key, (statement = build(db, shape)));
    return statement;
  };
}

const pageStatement = statementCache(buildPageStatement);
const countStatement = statementCache(buildCountStatement);

type Params = Record<string, unknown>;

function filterParams(filter: ListFilter): Params {
  const params: Params = {};
  if (filter.match) params.match = filter.match;
  // Tags created later are usually used less (the popular ones come first), and the first tag drives
  // the matching set: newest tag first keeps that set small.
  [...filter.tagIds].sort((a, b) => b - a).forEach((tagId, i) => (params[`tag${i}`] = tagId));
  return params;
}

function filterShape(filter: ListFilter): FilterShape {
  return {
    unansweredOnly: filter.unansweredOnly,
    tagCount: filter.tagIds.length,
    hasMatch: filter.match !== null,
  };
}

/** How many questions match a filter, over all pages. */
export async function countMatches(db: Db, filter: ListFilter): Promise<number> {
  return (
    (await firstRow(countStatement(db, filterShape(filter)).execute(filterParams(filter))))?.n ?? 0
  );
}

export interface PageQuery {
  order: QuestionOrder;
  filter: ListFilter;
  plan: Plan;
  cursor: { cursorValue: number; cursorId: number } | null;
  /** Rows to read: one more than the page size tells whether there is a next page. */
  rows: number;
}

function pageParts(db: Db, query: PageQuery) {
  const statement = pageStatement(db, {
    ...filterShape(query.filter),
    order: query.order,
    plan: query.plan,
    hasCursor: query.cursor !== null,
  });
  const cursor = query.cursor && {
    cursorValue: boundTo(ORDER_COLUMNS[query.order].column, query.cursor.cursorValue),
    cursorId: query.cursor.cursorId,
  };
  const params: Params = { ...filterParams(query.filter), ...cursor, limit: query.rows };
  return { statement, params };
}

// The whole list's ids in order (no cursor, no page): the walks and probes of the pages, reading ids only.
const idsStatement = statementCache((db: Db, shape: PageShape) =>
  db
    .select({ id: questions.id })
    .from(questions)
    .where(and(...filterConditions(shape, shape.plan)))
    .orderBy(desc(ORDER_COLUMNS[shape.order].column), desc(questions.id))
    .limit(sql.placeholder('limit'))
    .prepare(),
);

/** The ids of the first `rows` matches in order: the whole list when `rows` is the total. */
export async function readPageIds(db: Db, query: PageQuery): Promise<number[]> {
  const shape = {
    ...filterShape(query.filter),
    order: query.order,
    plan: query.plan,
    hasCursor: false,
  };
  const params: Params = { ...filterParams(query.filter), limit: query.rows };
  return (await idsStatement(db, shape).execute(params)).map((row) => row.id);
}

/** The rows of one page, in order, without their tags. */
export async function readPageRows(db: Db, query: PageQuery) {
  const { statement, params } = pageParts(db, query);
  return statement.execute(params);
}

/** EXPLAIN QUERY PLAN of the statement a page query runs: for tests and for looking into slow lists. */
export async function explainPageQuery(db: Db, query: PageQuery): Promise<string[]> {
  const { statement, params } = pageParts(db, query);
  const { sql: text, params: bound } = statement.getQuery();
  const values = bound.map((value) => (value instanceof Placeholder ? params[value.name] : value));
  return dialect.explainQueryPlan(db, text, values);
}
