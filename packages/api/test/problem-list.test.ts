import { databaseKind, problems } from '@app/db';
import { PROBLEM_PREVIEW_MAX, problemMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { explainListProblems } from '../src/domains/problems/problem-list';
import { createTestWorld, type TestClient, type TestWorld } from './helpers';
import { MANY_RUNS, postProblem } from './problem-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

/** Sets a problem's vote counters directly: order tests choose them rather than vote for them. */
async function setVotes(world: TestWorld, id: number, up: number, down: number) {
  await world.db.$writer.transaction((tx) =>
    tx.update(problems).set({ upVoteCount: up, downVoteCount: down }).where(eq(problems.id, id)),
  );
}

/** Every page of a listing, following nextCursor; the ids in order. */
async function allPages(
  client: TestClient,
  input: Parameters<TestClient['api']['problem']['list']>[0] & object,
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await client.api.problem.list({ ...input, cursor });
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

async function fivePosted() {
  const world = await createTestWorld({ limits: MANY_RUNS });
  const alice = await world.signedIn('alice');
  const ids: number[] = [];
  for (let i = 1; i <= 5; i++) {
    clock.tick();
    ids.push((await postProblem(alice, { title: `Problem ${i}` })).id);
  }
  return { world, alice, ids };
}

describe('problem.list', () => {
  it('lists newest first by default, as cards, for anyone', async () => {
    const { world, ids } = await fivePosted();
    const page = await world.client().api.problem.list();
    expect(page.items.map((p) => p.id)).toEqual([...ids].reverse());
    expect(page.total).toBe(5);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toEqual({
      id: ids[4],
      title: 'Problem 5',
      text: 'Write add(a, b) that returns the sum of two numbers.',
      postedBy: 'alice',
      createdAt: clock.now(),
      upVoteCount: 0,
      downVoteCount: 0,
      voteScore: 0,
      difficulty: 'easy',
      topics: [],
      submitCount: 0,
      acceptedCount: 0,
    });
  });

  it('is empty with no problems', async () => {
    const world = await createTestWorld();
    expect(await world.client().api.problem.list()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('pages with a keyset cursor: every problem once, in order, in any sort and direction', async () => {
    const { world, alice, ids } = await fivePosted();
    // Ties on purpose: two problems share each vote count.
    const counts = [
      [2, 0],
      [5, 1],
      [2, 3],
      [0, 3],
      [5, 0],
    ] as const;
    for (const [i, id] of ids.entries()) await setVotes(world, id, counts[i]![0], counts[i]![1]);
    const byKey = (key: (i: number) => number, direction: 'asc' | 'desc') =>
      ids
        .map((id, i) => ({ id, key: key(i) }))
        .sort((a, b) =>
          direction === 'desc' ? b.key - a.key || b.id - a.id : a.key - b.key || a.id - b.id,
        )
        .map((row) => row.id);
    for (const direction of ['asc', 'desc'] as const) {
      expect(await allPages(alice, { sort: 'upvotes', direction, limit: 2 })).toEqual(
        byKey((i) => counts[i]![0], direction),
      );
      expect(await allPages(alice, { sort: 'downvotes', direction, limit: 2 })).toEqual(
        byKey((i) => counts[i]![1], direction),
      );
      expect(await allPages(alice, { sort: 'date', direction, limit: 2 })).toEqual(
        direction === 'desc' ? [...ids].reverse() : ids,
      );
    }
    expect(await allPages(alice, { limit: 1 })).toEqual([...ids].reverse());
    const first = await alice.api.problem.list({ sort: 'upvotes', limit: 2 });
    expect(first).toMatchObject({ total: 5, nextCursor: expect.any(String) });
    expect(first.items.map((p) => [p.upVoteCount, p.downVoteCount, p.voteScore])).toEqual([
      [5, 0, 5],
      [5, 1, 4],
    ]);
    const second = await alice.api.problem.list({
      sort: 'upvotes',
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(second.items[0]).toMatchObject({
      id: ids[2],
      postedBy: 'alice',
      createdAt: expect.any(Date),
      voteScore: -1,
    });
  });

  // SQLite's query planner; PostgreSQL's plans are its own.
  it.runIf(databaseKind === 'sqlite')(
    'reads each order from its index; after a cursor, two index ranges of at most a page each',
    async () => {
      const world = await createTestWorld();
      const orders = [
        { sort: 'date', direction: 'desc', index: 'problems_newest', cursor: 'td1_1' },
        { sort: 'upvotes', direction: 'desc', index: 'problems_up_votes', cursor: 'ud1_1' },
        { sort: 'downvotes', direction: 'asc', index: 'problems_down_votes', cursor: 'da1_1' },
      ] as const;
      for (const { sort, direction, index, cursor } of orders) {
        const first = await explainListProblems(world.db, { sort, direction });
        expect(first.join('\n')).toContain(`SCAN problems USING INDEX ${index}`);
        expect(first.join('\n')).not.toContain('TEMP B-TREE');
        // The rest of the cursor's tie group, and what sorts after it: each an exact index range.
        const later = await explainListProblems(world.db, { sort, direction, cursor });
        expect(
          later.filter((step) => step.startsWith(`SEARCH problems USING INDEX ${index}`)),
        ).toHaveLength(2);
        expect(later.join('\n')).not.toMatch(/SCAN problems/);
      }
    },
  );

  it('refuses a made-up cursor, or one from another sort or direction', async () => {
    const { alice } = await fivePosted();
    const page = await alice.api.problem.list({ sort: 'upvotes', limit: 2 });
    for (const input of [
      { cursor: 'nonsense' },
      { cursor: page.nextCursor, sort: 'downvotes' as const },
      { cursor: page.nextCursor, sort: 'upvotes' as const, direction: 'asc' as const },
    ]) {
      await expectInvalid(alice.api.problem.list(input), problemMessages.invalidCursor);
    }
  });

  it('searches title or text as a substring, whatever the case, in any script', async () => {
    const world = await createTestWorld({ limits: MANY_RUNS });
    const alice = await world.signedIn('alice');
    const post = (title: string, problemText: string) =>
      postProblem(alice, { title, problemText }).then((p) => p.id);
    const fizz = await post('FizzBuzz', 'Print numbers, Fizz for multiples of three.');
    const reverse = await post('Reverse a string', 'Return the string backwards.');
    const apples = await post('Äpfel zählen', 'Zähle die ÄPFEL im Korb.');
    const percent = await post('Discounts', 'Take 50% off; names like a_b stay.');
    const search = async (text: string) =>
      (await alice.api.problem.list({ search: text })).items.map((p) => p.id).sort();
    expect(await search('fizz')).toEqual([fizz]);
    expect(await search('MULTIPLES OF')).toEqual([fizz]);
    expect(await search('string')).toEqual([reverse]);
    expect(await search('äpfel')).toEqual([apples]);
    expect(await search('ZÄHL')).toEqual([apples]);
    expect(await search('  backwards ')).toEqual([reverse]);
    // LIKE's wildcards are plain characters in a search.
    expect(await search('50%')).toEqual([percent]);
    expect(await search('%')).toEqual([percent]);
    expect(await search('a_b')).toEqual([percent]);
    expect(await search('a%b')).toEqual([]);
    expect(await search('_')).toEqual([percent]);
    expect(await alice.api.problem.list({ search: 'nothing like it' })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    expect((await alice.api.problem.list({ search: '' })).total).toBe(4);
    const sorted = await alice.api.problem.list({ search: 'string', sort: 'upvotes' });
    expect(sorted.total).toBe(1);
  });

  it('carries the start of a long text, enough for the card', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const long = `${'🙂'.repeat(150)}${'x'.repeat(300)}`;
    const { problem } = await alice.api.problem.create({
      title: 'Long',
      problemText: long,
      functionSignature: 'function add(a, b) {}',
      testCases: [{ testCode: 'assert(add(1, 2), 3)', hidden: false }],
      suggestedSolution: 'function add(a, b) { return a + b; }',
    });
    const [card] = (await alice.api.problem.list()).items;
    const preview = [...long].slice(0, PROBLEM_PREVIEW_MAX).join('');
    expect(card?.text).toBe(preview);
    expect(problem.text).toBe(preview);
  });
});
