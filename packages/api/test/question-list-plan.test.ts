import {
  databaseKind,
  type Db,
  dialect,
  questions,
  questionTags,
  returnedRow,
  tags,
  type Tx,
  users,
} from '@app/db';
import { QUESTION_ORDERS, type QuestionOrder } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  choosePlan,
  countMatches,
  explainPageQuery,
  type ListFilter,
} from '../src/domains/questions/question-list-query';
import { createTestWorld } from './helpers';

/**
 * A few hundred questions written straight into the tables (counters set directly: only the list is
 * under test here), with a common, a middling and a rare tag and a common and a rare word, so the list
 * takes both of its plans: walking an order's index, and probing the matches by id.
 */
interface Row {
  id: number;
  asked: number;
  active: number;
  views: number;
  answers: number;
  tags: string[];
  words: string[];
}

function seed(db: Db, count: number): Promise<Row[]> {
  return db.$writer.transaction((tx) => seedIn(tx, count));
}

async function seedIn(tx: Tx, count: number): Promise<Row[]> {
  let state = 7;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const userId = (
    await returnedRow(
      tx
        .insert(users)
        .values({ username: 'seeder', dateJoined: new Date(0) })
        .returning(),
    )
  ).id;
  const tagIds = new Map<string, number>();
  for (const name of ['common', 'middling', 'rare']) {
    const tag = await returnedRow(
      tx.insert(tags).values({ name, nameKey: name.toLowerCase(), description: name }).returning(),
    );
    tagIds.set(name, tag.id);
  }
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const asked = 1_000_000 + Math.floor(i / 3) * 1000; // groups of three share a time
    const row: Row = {
      id: 0,
      asked,
      active: asked + Math.floor(random() * 50) * 1000,
      views: Math.floor(random() * 4),
      answers: random() < 0.4 ? 0 : 1,
      tags: [
        ...(random() < 0.5 ? ['common'] : []),
        ...(random() < 0.2 ? ['middling'] : []),
        ...(i % 50 === 7 ? ['rare'] : []),
      ],
      words: [...(random() < 0.3 ? ['alpha'] : []), ...(i % 40 === 3 ? ['betamax'] : [])],
    };
    row.id = (
      await returnedRow(
        tx
          .insert(questions)
          .values({
            title: `Question ${i} ${row.words.join(' ')}`,
            text: 'filler text',
            askedBy: userId,
            askDateTime: new Date(row.asked),
            lastActivityAt: new Date(row.active),
            answerCount: row.answers,
            viewCount: row.views,
          })
          .returning(),
      )
    ).id;
    for (const [position, name] of row.tags.entries())
      await tx
        .insert(questionTags)
        .values({ questionId: row.id, tagId: tagIds.get(name) ?? 0, position });
    rows.push(row);
  }
  return rows;
}

function expected(
  rows: Row[],
  order: QuestionOrder,
  tagNames: string[],
  words: string[],
): number[] {
  const key = (r: Row) =>
    order === 'mostViewed' ? r.views : order === 'active' ? r.active : r.asked;
  return rows
    .filter((r) => order !== 'unanswered' || r.answers === 0)
    .filter((r) => tagNames.every((t) => r.tags.includes(t)))
    .filter((r) => words.every((w) => r.words.some((x) => x.startsWith(w))))
    .sort((a, b) => key(b) - key(a) || b.id - a.id)
    .map((r) => r.id);
}

/** The list filter for some of the seeded tags and search words. */
async function filters(db: Db) {
  const stored = await db.select().from(tags);
  const tagId = (name: string) => stored.find((t) => t.name === name)?.id ?? 0;
  return (tagNames: string[], words: string[] = []): ListFilter => ({
    unansweredOnly: false,
    tagIds: tagNames.map(tagId),
    match: words.length ? dialect.fullTextQuery(words) : null,
  });
}

const FILTERS = [
  { search: undefined, tags: [], words: [] },
  { search: '[common]', tags: ['common'], words: [] },
  { search: '[RARE]', tags: ['rare'], words: [] },
  { search: 'alp', tags: [], words: ['alp'] },
  { search: 'betamax', tags: [], words: ['betamax'] },
  { search: '[common] alpha', tags: ['common'], words: ['alpha'] },
  { search: '[common] [middling]', tags: ['common', 'middling'], words: [] },
  { search: '[rare] [common] alpha', tags: ['rare', 'common'], words: ['alpha'] },
];

describe('question.list plans', () => {
  it('every order, search and tag pages through exactly the matching questions, in order', async () => {
    const world = await createTestWorld();
    const rows = await seed(world.db, 400);
    const { api } = world.client();
    for (const order of QUESTION_ORDERS) {
      for (const filter of FILTERS) {
        const ids: number[] = [];
        let cursor: string | null = null;
        let total = -1;
        do {
          const page: Awaited<ReturnType<typeof api.question.list>> = await api.question.list({
            order,
            search: filter.search,
            limit: 7,
            cursor,
          });
          ids.push(...page.items.map((q) => q.id));
          cursor = page.nextCursor;
          total = page.total;
        } while (cursor);
        const want = expected(rows, order, filter.tags, filter.words);
        expect({ order, search: filter.search, ids }).toEqual({
          order,
          search: filter.search,
          ids: want,
        });
        expect(total).toBe(want.length);
      }
    }
  });

  it('chooses to walk the order index for common matches and to probe by id for rare ones', async () => {
    const world = await createTestWorld();
    await seed(world.db, 400);
    const filterOf = await filters(world.db);
    const planOf = async (filter: ListFilter) =>
      choosePlan(world.db, filter, await countMatches(world.db, filter), 20);
    expect(await planOf(filterOf(['common']))).toBe('walk');
    expect(await planOf(filterOf(['rare']))).toBe('probe');
    expect(await planOf(filterOf([], ['betamax']))).toBe('probe');
  });

  // SQLite's query planner; PostgreSQL's plans are its own.
  it.runIf(databaseKind === 'sqlite')(
    'walks the order index for common matches and probes by id for rare ones',
    async () => {
      const world = await createTestWorld();
      await seed(world.db, 400);
      const filterOf = await filters(world.db);
      const walk = await explainPageQuery(world.db, {
        order: 'newest',
        filter: filterOf(['common'], ['alpha']),
        plan: 'walk',
        cursor: null,
        rows: 21,
      });
      expect(walk.join('\n')).toMatch(/SCAN questions USING INDEX questions_newest/);
      expect(walk.join('\n')).not.toMatch(/TEMP B-TREE/);
      const probe = await explainPageQuery(world.db, {
        order: 'newest',
        filter: filterOf(['rare']),
        plan: 'probe',
        cursor: null,
        rows: 21,
      });
      expect(probe.join('\n')).toMatch(/SEARCH questions USING INTEGER PRIMARY KEY/);
    },
  );

  // SQLite's query planner; PostgreSQL's plans are its own.
  it.runIf(databaseKind === 'sqlite')(
    'each order reads its own index, with no sort step, on the first page and after a cursor',
    async () => {
      const world = await createTestWorld();
      await seed(world.db, 400);
      const noFilter: ListFilter = { unansweredOnly: false, tagIds: [], match: null };
      const index: Record<QuestionOrder, string> = {
        newest: 'questions_newest',
        unanswered: 'questions_unanswered',
        active: 'questions_active',
        mostViewed: 'questions_most_viewed',
      };
      for (const order of QUESTION_ORDERS) {
        const filter = { ...noFilter, unansweredOnly: order === 'unanswered' };
        const first = (
          await explainPageQuery(world.db, {
            order,
            filter,
            plan: 'walk',
            cursor: null,
            rows: 21,
          })
        ).join('\n');
        expect(first).toContain(`USING INDEX ${index[order]}`);
        expect(first).not.toMatch(/TEMP B-TREE/);
        const cursor = { cursorValue: 1_050_000, cursorId: 200 };
        const next = (
          await explainPageQuery(world.db, {
            order,
            filter,
            plan: 'walk',
            cursor,
            rows: 21,
          })
        ).join('\n');
        expect(next).toMatch(
          new RegExp(`SEARCH questions USING (COVERING )?INDEX ${index[order]} \\(.*<\\?\\)`),
        );
      }
    },
  );
});
