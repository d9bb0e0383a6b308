import { answers, questions, reputationChanges, users } from '@app/db';
import { reputationMessages } from '@app/validators';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { computeReputations, postVisibilityChanged, recomputeReputation } from '../src';
import { writeTransaction } from '../src/core/write';
import { createTestWorld, type TestClient, type TestWorld } from './helpers';
import { ask, useClock } from './question-fixtures';

useClock();

async function setup() {
  const world = await createTestWorld();
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const carol = await world.signedIn('carol');
  const q = await ask(alice);
  const { answer } = await bob.api.answer.create({ qid: q.id, text: 'Sort with a comparator.' });
  return { world, alice, bob, carol, q, answer };
}

/** The stored sums, by username (not the shown numbers: those never go below 1). */
async function stored(world: TestWorld): Promise<Record<string, number>> {
  const rows = await world.db
    .select({ username: users.username, reputation: users.reputation })
    .from(users);
  return Object.fromEntries(rows.map((row) => [row.username, row.reputation]));
}

async function shown(client: TestClient, ...usernames: string[]) {
  const list = await client.api.reputation.byUsernames({ usernames });
  return Object.fromEntries(list.map((user) => [user.username, user.reputation]));
}

/** Deletes or restores a post the way the deletion service does: its deletedAt, then the points. */
async function setVisible(
  world: TestWorld,
  kind: 'question' | 'answer',
  id: number,
  visible: boolean,
) {
  await writeTransaction(world.deps, async (scope) => {
    const table = kind === 'question' ? questions : answers;
    await scope.tx
      .update(table)
      .set({ deletedAt: visible ? null : scope.now })
      .where(eq(table.id, id));
    await postVisibilityChanged(scope, { kind, id }, visible);
  });
}

/** Every user's stored number equals the recomputation, and 1 + their history's sum. */
async function expectConsistent(world: TestWorld) {
  const computed = await computeReputations(world.db);
  const rows = await world.db
    .select({ id: users.id, reputation: users.reputation })
    .from(users)
    .orderBy(asc(users.id));
  const sums = await world.db
    .select({ userId: reputationChanges.userId, sum: sql<number>`sum(${reputationChanges.delta})` })
    .from(reputationChanges)
    .groupBy(reputationChanges.userId);
  const history = new Map(sums.map((row) => [row.userId, Number(row.sum)]));
  for (const row of rows) {
    expect(row.reputation, `user ${row.id}`).toBe(computed.get(row.id));
    expect(1 + (history.get(row.id) ?? 0), `user ${row.id}'s history`).toBe(row.reputation);
  }
}

describe('reputation from votes', () => {
  it('+10 for an upvote on your question, announced on the user topic with the number shown', async () => {
    const { world, alice, bob, q } = await setup();
    const live = new AbortController();
    const events = await world.readEvents(
      (await world.signedIn('watcher')).listen(live.signal).user.onUserChanged(),
    );
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    expect((await events.next()).data).toEqual({
      type: 'reputation',
      username: 'alice',
      reputation: 11,
    });
    expect(await shown(bob, 'alice', 'bob')).toEqual({ alice: 11, bob: 1 });
    expect((await alice.api.user.byUsername({ username: 'alice' })).reputation).toBe(11);
    live.abort();
  });

  it('−2 for a downvote received and −1 for downvoting an answer, never shown below 1', async () => {
    const { world, carol, answer } = await setup();
    await carol.api.answer.vote({ answerId: answer.id, vote: 'down' });
    expect(await stored(world)).toMatchObject({ bob: -1, carol: 0 });
    expect(await shown(carol, 'bob', 'carol')).toEqual({ bob: 1, carol: 1 });
    expect((await carol.api.user.list()).find((u) => u.username === 'bob')?.reputation).toBe(1);
    await expectConsistent(world);
  });

  it('reversed when a vote is undone or switched', async () => {
    const { world, bob, carol, q, answer } = await setup();
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    await bob.api.question.vote({ qid: q.id, vote: 'down' });
    expect(await stored(world)).toMatchObject({ alice: -1 });
    await bob.api.question.vote({ qid: q.id, vote: 'down' });
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    expect(await stored(world)).toMatchObject({ alice: 1, bob: 1, carol: 1 });
    await expectConsistent(world);
  });

  it('refuses a vote on your own question or answer with a sentence, and changes nothing', async () => {
    const { world, alice, bob, q, answer } = await setup();
    await expect(alice.api.question.vote({ qid: q.id, vote: 'up' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: reputationMessages.ownQuestion,
    });
    await expect(bob.api.answer.vote({ answerId: answer.id, vote: 'up' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: reputationMessages.ownAnswer,
    });
    expect(await world.db.select().from(reputationChanges)).toEqual([]);
  });
});

describe('reputation from acceptances', () => {
  it('+15 for your answer being accepted, +2 for accepting; taken back when unaccepted', async () => {
    const { world, alice, answer } = await setup();
    await alice.api.answer.accept({ answerId: answer.id });
    expect(await stored(world)).toMatchObject({ alice: 3, bob: 16 });
    await alice.api.answer.accept({ answerId: answer.id });
    expect(await stored(world)).toMatchObject({ alice: 3, bob: 16 });
    await alice.api.answer.unaccept({ answerId: answer.id });
    expect(await stored(world)).toMatchObject({ alice: 1, bob: 1 });
    await expectConsistent(world);
  });

  it('accepting another answer moves the +15 to its author; your own answer earns nothing', async () => {
    const { world, alice, carol, q, answer } = await setup();
    const other = (await carol.api.answer.create({ qid: q.id, text: 'Use localeCompare.' })).answer;
    const own = (await alice.api.answer.create({ qid: q.id, text: 'Answering myself.' })).answer;
    await alice.api.answer.accept({ answerId: answer.id });
    await alice.api.answer.accept({ answerId: other.id });
    expect(await stored(world)).toMatchObject({ alice: 3, bob: 1, carol: 16 });
    await alice.api.answer.accept({ answerId: own.id });
    expect(await stored(world)).toMatchObject({ alice: 1, bob: 1, carol: 1 });
    await expectConsistent(world);
  });
});

describe('postVisibilityChanged', () => {
  it("a deleted answer takes back its votes' and acceptance's points, the downvoter's −1 too; restoring gives them back", async () => {
    const { world, alice, bob, carol, q, answer } = await setup();
    const dave = await world.signedIn('dave');
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    await dave.api.answer.vote({ answerId: answer.id, vote: 'down' });
    await alice.api.answer.accept({ answerId: answer.id });
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    expect(await stored(world)).toMatchObject({ alice: 13, bob: 24, dave: 0 });

    await setVisible(world, 'answer', answer.id, false);
    expect(await stored(world)).toMatchObject({ alice: 11, bob: 1, carol: 1, dave: 1 });
    await expectConsistent(world);
    // A deleted post takes no votes until it is back.
    await expect(carol.api.answer.vote({ answerId: answer.id, vote: 'up' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expectConsistent(world);

    await setVisible(world, 'answer', answer.id, true);
    expect(await stored(world)).toMatchObject({ alice: 13, bob: 24, dave: 0 });
    await expectConsistent(world);
  });

  it('a deleted question takes back what its own votes earned', async () => {
    const { world, bob, carol, q } = await setup();
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    await carol.api.question.vote({ qid: q.id, vote: 'up' });
    await setVisible(world, 'question', q.id, false);
    expect(await stored(world)).toMatchObject({ alice: 1 });
    const history = await world.db
      .select({ delta: reputationChanges.delta, reason: reputationChanges.reason })
      .from(reputationChanges)
      .orderBy(asc(reputationChanges.id));
    expect(history.at(-1)).toEqual({ delta: -20, reason: 'question-deleted' });
    await expectConsistent(world);
  });
});

describe('reputation.history', () => {
  it('lists the changes newest first, with the post, a page at a time', async () => {
    const { bob, carol, q, answer } = await setup();
    await carol.api.answer.vote({ answerId: answer.id, vote: 'up' });
    await carol.api.answer.vote({ answerId: answer.id, vote: 'down' });
    const first = await carol.api.reputation.history({ username: 'bob', limit: 1 });
    expect(first).toMatchObject({
      username: 'bob',
      reputation: 1,
      items: [
        {
          delta: -2,
          reason: 'answer-downvoted',
          questionId: q.id,
          answerId: answer.id,
          questionTitle: q.title,
        },
      ],
    });
    const rest = await bob.api.reputation.history({ username: 'bob', cursor: first.nextCursor });
    expect(rest.items.map((item) => [item.delta, item.reason])).toEqual([
      [-10, 'answer-upvoted'],
      [10, 'answer-upvoted'],
    ]);
    expect(rest.nextCursor).toBeNull();
  });

  it('is NOT_FOUND for an unknown user, and needs a signed-in user', async () => {
    const { world, bob } = await setup();
    await expect(bob.api.reputation.history({ username: 'ghost' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(world.client().api.reputation.history({ username: 'bob' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(
      await world.client().api.reputation.byUsernames({ usernames: ['bob', 'ghost'] }),
    ).toEqual([{ username: 'bob', reputation: 1 }]);
  });
});

describe('recomputeReputation', () => {
  it("sets a number that is off, with a 'recalculated' change of the difference", async () => {
    const { world, bob, q } = await setup();
    await bob.api.question.vote({ qid: q.id, vote: 'up' });
    await world.db.update(users).set({ reputation: 500 }).where(eq(users.username, 'alice'));
    const report = await recomputeReputation(world.db);
    expect(report.changed).toEqual([{ username: 'alice', before: 500, after: 11 }]);
    expect(report.users).toBe(3);
    const [last] = await world.db
      .select({ delta: reputationChanges.delta, reason: reputationChanges.reason })
      .from(reputationChanges)
      .orderBy(sql`${reputationChanges.id} desc`)
      .limit(1);
    expect(last).toEqual({ delta: -489, reason: 'recalculated' });
    expect((await recomputeReputation(world.db)).changed).toEqual([]);
  });

  it('recomputes one user by name', async () => {
    const { world } = await setup();
    await world.db.update(users).set({ reputation: 7 });
    const report = await recomputeReputation(world.db, { username: 'bob' });
    expect(report).toEqual({ users: 1, changed: [{ username: 'bob', before: 7, after: 1 }] });
  });

  it('equals the stored reputation after a random run of votes, undos, switches, accepts and deletions', async () => {
    const world = await createTestWorld();
    const people: { name: string; client: TestClient }[] = [];
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve'])
      people.push({ name, client: await world.signedIn(name) });
    // A small deterministic generator: the same run every time, on both databases.
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T>(items: T[]): T => items[random(items.length)]!;
    const qs: { id: number; asker: number }[] = [];
    const as: { id: number; qid: number; author: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const asker = random(people.length);
      qs.push({ id: (await ask(people[asker]!.client, { title: `Question ${i}` })).id, asker });
    }
    for (let i = 0; i < 8; i++) {
      const q = pick(qs);
      const author = random(people.length);
      const { answer } = await people[author]!.client.api.answer.create({
        qid: q.id,
        text: `Answer ${i}`,
      });
      as.push({ id: answer.id, qid: q.id, author });
    }
    const deleted = new Set<number>();
    for (let step = 0; step < 150; step++) {
      const roll = random(10);
      const vote = pick(['up', 'down'] as const);
      if (roll < 4) {
        const q = pick(qs);
        const voter = random(people.length);
        if (voter !== q.asker) await people[voter]!.client.api.question.vote({ qid: q.id, vote });
      } else if (roll < 8) {
        const a = pick(as);
        const voter = random(people.length);
        if (voter !== a.author)
          await people[voter]!.client.api.answer.vote({ answerId: a.id, vote });
      } else if (roll < 9) {
        const a = pick(as);
        const asker = qs.find((q) => q.id === a.qid)!.asker;
        const api = people[asker]!.client.api.answer;
        await (random(3) === 0 ? api.unaccept({ answerId: a.id }) : api.accept({ answerId: a.id }));
      } else {
        const a = pick(as);
        const visible = deleted.has(a.id);
        await setVisible(world, 'answer', a.id, visible);
        if (visible) deleted.delete(a.id);
        else deleted.add(a.id);
      }
    }
    await expectConsistent(world);
    expect((await recomputeReputation(world.db)).changed).toEqual([]);
    const sums = await stored(world);
    expect(Object.values(sums).some((n) => n !== 1)).toBe(true);
  });
});
