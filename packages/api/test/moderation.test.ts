import { flags, moderatorActions, questions, users } from '@app/db';
import {
  closeMessages,
  flagReasonLabels,
  moderationMessages,
  problemMessages,
} from '@app/validators';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient, type TestWorld } from './helpers';
import { chatWith, expectError, people } from './messaging-fixtures';
import { ADD_SOLUTION, postProblem } from './problem-fixtures';
import { ask } from './question-fixtures';

/** Makes a user a moderator, as `npm run admin -- grant` does. */
async function grant(world: TestWorld, username: string) {
  await world.db.update(users).set({ role: 'moderator' }).where(eq(users.username, username));
}

async function moderatorAndPeople<N extends string>(world: TestWorld, ...names: N[]) {
  const clients = await people<N | 'mod'>(world, 'mod', ...names);
  await grant(world, 'mod');
  return clients;
}

const auditRows = (world: TestWorld) =>
  world.db.select().from(moderatorActions).orderBy(moderatorActions.id);

describe('flag.create', () => {
  it('answers "received", once per user per item; the flagger sees it in flag.mine', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const q = await ask(alice);
    const receipt = await bob.api.flag.create({ kind: 'question', id: q.id, reason: 'spam' });
    expect(receipt).toMatchObject({ status: 'pending', message: moderationMessages.flagReceived });
    await expectError(
      bob.api.flag.create({ kind: 'question', id: q.id, reason: 'rude', note: 'again' }),
      'CONFLICT',
      moderationMessages.alreadyFlagged,
    );
    const mine = await bob.api.flag.mine();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'question',
      targetId: q.id,
      reason: 'spam',
      status: 'pending',
      location: { qid: q.id },
    });
    expect((await alice.api.flag.mine()).items).toEqual([]);
    expect(Object.keys(flagReasonLabels)).toEqual(['spam', 'rude', 'moderator']);
  });

  it('refuses your own post, an unknown item, and a chat message of a chat you are not in', async () => {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const q = await ask(alice);
    await expectError(
      alice.api.flag.create({ kind: 'question', id: q.id, reason: 'spam' }),
      'FORBIDDEN',
      moderationMessages.flagOwnPost,
    );
    await expectError(
      bob.api.flag.create({ kind: 'answer', id: 999, reason: 'spam' }),
      'NOT_FOUND',
      moderationMessages.flagNotFound,
    );
    const chatId = await chatWith(alice, 'bob');
    const { message } = await alice.api.chat.send({ chatId, msg: 'hi bob' });
    await expectError(
      carol.api.flag.create({ kind: 'chat_message', id: message.id, reason: 'rude' }),
      'NOT_FOUND',
      moderationMessages.flagNotFound,
    );
    await bob.api.flag.create({ kind: 'chat_message', id: message.id, reason: 'rude' });
    expect(await world.db.select().from(flags)).toHaveLength(1);
  });

  it('refuses a note over 200 characters and needs a signed-in user', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    const q = await ask(alice);
    await expect(
      bob.api.flag.create({
        kind: 'question',
        id: q.id,
        reason: 'moderator',
        note: 'x'.repeat(201),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      world.client().api.flag.create({ kind: 'question', id: q.id, reason: 'spam' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('counts against the flags limit', async () => {
    const world = await createTestWorld({ limits: { flags: { max: 1, windowMs: 60_000 } } });
    const { alice, bob } = await people(world, 'alice', 'bob');
    const one = await ask(alice);
    const two = await ask(alice, { title: 'Another question about sorting arrays' });
    await bob.api.flag.create({ kind: 'question', id: one.id, reason: 'spam' });
    await expect(
      bob.api.flag.create({ kind: 'question', id: two.id, reason: 'spam' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('hiding after HIDE_AFTER_FLAGS spam or rude flags', () => {
  it('hides a question at the third spam or rude flag from different users, live', async () => {
    const world = await createTestWorld();
    const { alice, b, c, d, e } = await people(world, 'alice', 'b', 'c', 'd', 'e');
    const q = await ask(alice);
    const live = new AbortController();
    const events = await world.readEvents(e.listen(live.signal).question.onQuestionChanged());
    await b.api.flag.create({ kind: 'question', id: q.id, reason: 'spam' });
    // A "needs a moderator" flag asks for a look, it does not count towards hiding.
    await c.api.flag.create({ kind: 'question', id: q.id, reason: 'moderator' });
    await d.api.flag.create({ kind: 'question', id: q.id, reason: 'rude' });
    const hiddenAt = async () =>
      (await world.db.select({ at: questions.hiddenAt }).from(questions))[0]?.at ?? null;
    expect(await hiddenAt()).toBeNull();
    await e.api.flag.create({ kind: 'question', id: q.id, reason: 'spam' });
    expect(await hiddenAt()).not.toBeNull();
    const { data } = await events.next();
    expect(data).toMatchObject({
      type: 'visibility',
      qid: q.id,
      post: { type: 'question', id: q.id },
      hidden: true,
    });
    live.abort();
  });

  it('follows the setting, and hides a global message for everyone but its sender', async () => {
    const world = await createTestWorld();
    world.deps.moderation.hideAfterFlags = 1;
    const { alice, bob } = await people(world, 'alice', 'bob');
    const { message } = await alice.api.message.send({ msg: 'buy cheap watches' });
    const live = new AbortController();
    const events = await world.readEvents(bob.listen(live.signal).message.onMessage());
    await bob.api.flag.create({ kind: 'global_message', id: message.id, reason: 'spam' });
    expect((await events.next()).data).toEqual({
      type: 'hidden',
      messageId: message.id,
      hidden: true,
    });
    live.abort();
    expect((await bob.api.message.list()).items).toEqual([]);
    expect((await alice.api.message.list()).items).toEqual([
      expect.objectContaining({ id: message.id, hidden: true }),
    ]);
  });

  it('hides a chat message from the other participants and a problem from the list', async () => {
    const world = await createTestWorld();
    world.deps.moderation.hideAfterFlags = 1;
    const { alice, bob } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    const { message } = await alice.api.chat.send({ chatId, msg: 'rude words' });
    await bob.api.flag.create({ kind: 'chat_message', id: message.id, reason: 'rude' });
    expect((await bob.api.chat.messages({ chatId })).items).toEqual([]);
    expect((await alice.api.chat.messages({ chatId })).items[0]).toMatchObject({ hidden: true });

    const problem = await postProblem(alice);
    await bob.api.flag.create({ kind: 'problem', id: problem.id, reason: 'spam' });
    expect((await bob.api.problem.list({})).items.map((p) => p.id)).not.toContain(problem.id);
    await expect(bob.api.problem.byId({ id: problem.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await alice.api.problem.byId({ id: problem.id })).toMatchObject({ hidden: true });
  });
});

describe('moderation procedures', () => {
  it('are FORBIDDEN to a normal user and a suspended one, UNAUTHORIZED signed out', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await moderatorAndPeople(world, 'alice', 'bob');
    await bob.api.question.create({ title: 'A question by bob', text: 'text', tags: ['x'] });
    await world.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.username, 'bob'));
    const target = { kind: 'question' as const, id: 1 };
    // Each call is made when its turn comes, so no refusal waits unheard.
    const calls = (api: TestClient['api']): (() => Promise<unknown>)[] => [
      () => api.moderation.queue(),
      () => api.moderation.log(),
      () => api.moderation.dismiss(target),
      () => api.moderation.hide(target),
      () => api.moderation.unhide(target),
      () => api.moderation.suspend({ username: 'alice', days: 1, reason: 'no' }),
      () => api.moderation.unsuspend({ username: 'alice' }),
    ];
    for (const client of [alice, bob]) {
      for (const call of calls(client.api)) {
        await expect(call()).rejects.toMatchObject({
          code: 'FORBIDDEN',
          message: moderationMessages.moderatorsOnly,
        });
      }
    }
    for (const call of calls(world.client().api)) {
      await expect(call()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await auditRows(world)).toEqual([]);
  });

  it('queue: pending flags grouped by item, newest first, the item in context', async () => {
    const world = await createTestWorld();
    const { mod, alice, bob, carol } = await moderatorAndPeople(world, 'alice', 'bob', 'carol');
    const q = await ask(alice);
    const { answer } = await bob.api.answer.create({ qid: q.id, text: 'Use sort().' });
    await bob.api.flag.create({ kind: 'question', id: q.id, reason: 'spam', note: 'an ad' });
    await alice.api.flag.create({ kind: 'answer', id: answer.id, reason: 'rude' });
    await carol.api.flag.create({ kind: 'question', id: q.id, reason: 'moderator' });
    const queue = await mod.api.moderation.queue();
    expect(queue.items.map((item) => [item.kind, item.id])).toEqual([
      ['question', q.id],
      ['answer', answer.id],
    ]);
    expect(queue.items[0]).toMatchObject({
      author: 'alice',
      title: q.title,
      location: { qid: q.id },
      hidden: false,
      flags: [
        { flaggedBy: 'carol', reason: 'moderator' },
        { flaggedBy: 'bob', reason: 'spam', note: 'an ad' },
      ],
    });
    expect(queue.items[1]).toMatchObject({
      author: 'bob',
      text: 'Use sort().',
      location: { qid: q.id, answerId: answer.id },
    });
  });

  it('dismiss: settles the flags, shows the item again, writes the audit row', async () => {
    const world = await createTestWorld();
    world.deps.moderation.hideAfterFlags = 1;
    const { mod, alice, bob } = await moderatorAndPeople(world, 'alice', 'bob');
    const { message } = await alice.api.message.send({ msg: 'a fine message' });
    await bob.api.flag.create({ kind: 'global_message', id: message.id, reason: 'spam' });
    expect((await bob.api.message.list()).items).toEqual([]);
    const target = { kind: 'global_message' as const, id: message.id };
    expect(await mod.api.moderation.dismiss(target)).toMatchObject({ dismissed: 1 });
    expect((await bob.api.message.list()).items.map((m) => m.id)).toEqual([message.id]);
    expect((await mod.api.moderation.queue()).items).toEqual([]);
    expect((await bob.api.flag.mine()).items[0]).toMatchObject({ status: 'dismissed' });
    await expectError(
      mod.api.moderation.dismiss(target),
      'CONFLICT',
      moderationMessages.noFlagsPending,
    );
    const log = await mod.api.moderation.log();
    expect(log.items).toEqual([
      expect.objectContaining({
        moderator: 'mod',
        action: 'dismiss-flags',
        targetKind: 'global_message',
        targetId: message.id,
        targetUser: 'alice',
      }),
    ]);
  });

  it('hide: keeps a problem hidden and handles its flags; unhide shows it again', async () => {
    const world = await createTestWorld();
    const { mod, alice, bob } = await moderatorAndPeople(world, 'alice', 'bob');
    const problem = await postProblem(alice);
    await bob.api.flag.create({ kind: 'problem', id: problem.id, reason: 'moderator' });
    await mod.api.moderation.hide({ kind: 'problem', id: problem.id });
    expect((await bob.api.problem.list({})).items).toEqual([]);
    expect((await bob.api.flag.mine()).items[0]).toMatchObject({ status: 'handled' });
    await mod.api.moderation.unhide({ kind: 'problem', id: problem.id });
    expect((await bob.api.problem.list({})).items.map((p) => p.id)).toEqual([problem.id]);
    expect((await auditRows(world)).map((row) => row.action)).toEqual(['hide', 'unhide']);
    await expect(mod.api.moderation.hide({ kind: 'comment', id: 12345 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a hidden problem takes no votes, runs, submissions, drafts or games until it is shown again', async () => {
    const world = await createTestWorld();
    const { mod, alice, bob } = await moderatorAndPeople(world, 'alice', 'bob');
    const problem = await postProblem(alice);
    await mod.api.moderation.hide({ kind: 'problem', id: problem.id });
    const refused = (call: Promise<unknown>) =>
      expectError(call, 'FORBIDDEN', problemMessages.problemHidden);
    await refused(bob.api.problem.vote({ id: problem.id, vote: 'up' }));
    await refused(alice.api.problem.runTests({ problemId: problem.id, code: ADD_SOLUTION }));
    await refused(bob.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION }));
    await refused(alice.api.problem.saveDraft({ problemId: problem.id, code: ADD_SOLUTION }));
    await refused(
      bob.api.game.createCollabCode({ title: 'Pair on it', problemId: problem.id, timeLimit: 10 }),
    );
    await mod.api.moderation.unhide({ kind: 'problem', id: problem.id });
    await expect(bob.api.problem.vote({ id: problem.id, vote: 'up' })).resolves.toBeDefined();
  });

  it('close (without naming an original): no new answers until reopened; the audit log has both', async () => {
    const world = await createTestWorld();
    const { mod, alice, bob } = await moderatorAndPeople(world, 'alice', 'bob');
    const q = await ask(alice);
    await mod.api.question.voteToClose({ qid: q.id });
    await expectError(
      bob.api.answer.create({ qid: q.id, text: 'late answer' }),
      'FORBIDDEN',
      closeMessages.closedNoAnswers,
    );
    await expectError(
      mod.api.question.voteToClose({ qid: q.id }),
      'CONFLICT',
      closeMessages.alreadyClosed,
    );
    await expectError(
      bob.api.question.voteToClose({ qid: q.id }),
      'BAD_REQUEST',
      closeMessages.nameOriginal,
    );
    await mod.api.question.voteToReopen({ qid: q.id });
    await bob.api.answer.create({ qid: q.id, text: 'now it works' });
    const log = await mod.api.moderation.log();
    expect(log.items.map((entry) => [entry.action, entry.targetUser])).toEqual([
      ['reopen', 'alice'],
      ['close', 'alice'],
    ]);
  });
});

describe('suspension', () => {
  it('refuses the suspended user every write, not reading; tells their open pages; ends by itself', async () => {
    const world = await createTestWorld();
    const { mod, alice, bob } = await moderatorAndPeople(world, 'alice', 'bob');
    const q = await ask(alice);
    const live = new AbortController();
    const events = await world.readEvents(bob.listen(live.signal).account.onChange());
    const { suspendedUntil } = await mod.api.moderation.suspend({
      username: 'BOB',
      days: 3,
      reason: 'Repeated spam',
    });
    expect((await events.next()).data).toEqual({
      type: 'suspended',
      username: 'bob',
      suspendedUntil,
      reason: 'Repeated spam',
    });
    live.abort();
    const sentence = moderationMessages.suspended(suspendedUntil);
    await expectError(bob.api.answer.create({ qid: q.id, text: 'hi' }), 'FORBIDDEN', sentence);
    await expectError(bob.api.message.send({ msg: 'hi' }), 'FORBIDDEN', sentence);
    await expectError(
      bob.api.flag.create({ kind: 'question', id: q.id, reason: 'spam' }),
      'FORBIDDEN',
      sentence,
    );
    await expectError(bob.api.question.vote({ qid: q.id, vote: 'up' }), 'FORBIDDEN', sentence);
    // Reading and signing in stay open; auth.me says why.
    expect((await bob.api.question.byId({ qid: q.id })).id).toBe(q.id);
    expect(await bob.api.auth.me()).toMatchObject({
      username: 'bob',
      role: 'user',
      suspendedUntil,
      suspensionReason: 'Repeated spam',
    });
    const row = (await auditRows(world)).at(-1);
    expect(row).toMatchObject({ action: 'suspend', details: '3 days: Repeated spam' });

    // The date passes: the suspension is over without anyone doing anything.
    await world.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.username, 'bob'));
    await bob.api.answer.create({ qid: q.id, text: 'back again' });
    expect(await bob.api.auth.me()).toMatchObject({ suspendedUntil: null });
  });

  it('unsuspend ends it now; a moderator cannot be suspended; unknown users are NOT_FOUND', async () => {
    const world = await createTestWorld();
    const { mod, bob } = await moderatorAndPeople(world, 'bob');
    await people(world, 'other');
    await grant(world, 'other');
    await mod.api.moderation.suspend({ username: 'bob', days: 1, reason: 'cool off' });
    await mod.api.moderation.unsuspend({ username: 'bob' });
    await bob.api.message.send({ msg: 'I am back' });
    await expectError(
      mod.api.moderation.unsuspend({ username: 'bob' }),
      'CONFLICT',
      moderationMessages.notSuspended,
    );
    await expectError(
      mod.api.moderation.suspend({ username: 'other', days: 1, reason: 'x' }),
      'FORBIDDEN',
      moderationMessages.cannotSuspendModerator,
    );
    await expectError(
      mod.api.moderation.suspend({ username: 'nobody', days: 1, reason: 'x' }),
      'NOT_FOUND',
      moderationMessages.userNotFound,
    );
    await expect(
      mod.api.moderation.suspend({ username: 'bob', days: 366, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await auditRows(world)).map((row) => [row.action, row.targetKind])).toEqual([
      ['suspend', 'user'],
      ['unsuspend', 'user'],
    ]);
    const pending = await world.db
      .select()
      .from(flags)
      .where(and(eq(flags.status, 'pending')));
    expect(pending).toEqual([]);
  });
});
