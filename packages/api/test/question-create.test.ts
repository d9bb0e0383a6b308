import { events, questions, questionTags, tags } from '@app/db';
import {
  authMessages,
  DEFAULT_TAG_DESCRIPTION,
  hyperlinkMessages,
  questionMessages,
} from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { messagesOf } from './support/error-messages';
import { refuseInserts } from './support/refuse-inserts';
import { ask, expectInvalid, questionInput, useClock } from './question-fixtures';

const clock = useClock();

describe('question.create', () => {
  it('asks a question as the signed-in user, now, and returns its card', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    clock.tick();
    const created = await ask(alice, {
      title: 'Why is my loop slow?',
      tags: ['javascript', 'performance'],
    });
    expect(created).toMatchObject({
      id: expect.any(Number),
      title: 'Why is my loop slow?',
      askedBy: 'alice',
      askDateTime: clock.now(),
      lastActivityAt: clock.now(),
      answerCount: 0,
      viewCount: 0,
      upVoteCount: 0,
      downVoteCount: 0,
      voteScore: 0,
    });
    expect(created.tags.map((t) => t.name)).toEqual(['javascript', 'performance']);
    const detail = await alice.api.question.byId({ qid: created.id });
    expect(detail.text).toBe(questionInput().text);
  });

  it('takes the author from the session, never from the request', async () => {
    const world = await createTestWorld();
    const bob = await world.signedIn('bob');
    await world.signedIn('alice');
    const forged = { ...questionInput(), askedBy: 'alice', askDateTime: new Date(0) } as never;
    const { question: created } = await bob.api.question.create(forged);
    expect(created.askedBy).toBe('bob');
    expect(created.askDateTime).toEqual(clock.now());
  });

  it('needs a signed-in user', async () => {
    const { api } = (await createTestWorld()).client();
    await expect(api.question.create(questionInput())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: authMessages.notSignedIn,
    });
  });

  it("rejects an empty title with 'Title cannot be empty'", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expectInvalid(ask(alice, { title: '   ' }), 'Title cannot be empty');
  });

  it("rejects a title over 100 characters with 'Title cannot be more than 100 characters'", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expectInvalid(
      ask(alice, { title: 'x'.repeat(101) }),
      'Title cannot be more than 100 characters',
    );
    await expect(ask(alice, { title: 'x'.repeat(100) })).resolves.toMatchObject({
      title: 'x'.repeat(100),
    });
  });

  it("rejects empty text with 'Question text cannot be empty'", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expectInvalid(ask(alice, { text: ' \n ' }), 'Question text cannot be empty');
  });

  it("rejects no tags with 'Should have at least 1 tag'", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expectInvalid(ask(alice, { tags: [] }), 'Should have at least 1 tag');
    await expectInvalid(ask(alice, { tags: ['  '] }), 'Should have at least 1 tag');
  });

  it("rejects more than 5 tags with 'Cannot have more than 5 tags'", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expectInvalid(
      ask(alice, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      'Cannot have more than 5 tags',
    );
  });

  it("rejects a tag over 20 characters with 'New tag length cannot be more than 20'", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expectInvalid(
      ask(alice, { tags: ['t'.repeat(21)] }),
      'New tag length cannot be more than 20',
    );
    expect(questionMessages.tagTooLong).toBe('New tag length cannot be more than 20');
  });

  it('rejects tag names with characters a [tag] search could not find, and stores nothing', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (const tag of ['we]ird', '<b>x</b>', 'a/b']) {
      await expectInvalid(ask(alice, { tags: [tag] }), questionMessages.tagCharacters);
    }
    expect((await alice.api.question.list()).total).toBe(0);
  });

  it('treats a title of invisible characters as empty', async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    await expectInvalid(ask(alice, { title: '\u200B\u200B' }), 'Title cannot be empty');
  });

  it("rejects a malformed hyperlink with 'Invalid hyperlink format.'", async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    for (const text of [
      'See [docs](http://example.com)',
      'See [](https://example.com)',
      'See [docs](https://)',
    ]) {
      await expectInvalid(ask(alice, { text }), hyperlinkMessages.invalid);
    }
    await expect(ask(alice, { text: 'See [docs](https://example.com/a)' })).resolves.toBeTruthy();
  });

  it('splits tags on whitespace and drops repeats, whatever their case', async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    const created = await ask(alice, { tags: ['react hooks', 'React', 'HOOKS'] });
    expect(created.tags.map((t) => t.name)).toEqual(['react', 'hooks']);
  });

  it("reuses existing tags whatever their case and gives new ones 'user added tag'", async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    await world.db.$writer.transaction((tx) =>
      tx
        .insert(tags)
        .values({ name: 'TypeScript', nameKey: 'typescript', description: 'Typed JavaScript.' }),
    );
    const created = await ask(alice, { tags: ['typescript', 'generics'] });
    expect(created.tags).toEqual([
      { id: expect.any(Number), name: 'TypeScript', description: 'Typed JavaScript.' },
      { id: expect.any(Number), name: 'generics', description: DEFAULT_TAG_DESCRIPTION },
    ]);
    expect(await world.db.select().from(tags)).toHaveLength(2);
  });

  it('stores a <script> title verbatim: escaping is the web page’s job', async () => {
    const alice = await (await createTestWorld()).signedIn('alice');
    const title = '<script>alert("x")</script> & <b>bold</b>';
    const created = await ask(alice, { title });
    expect((await alice.api.question.byId({ qid: created.id })).title).toBe(title);
  });

  // Valid input, so the call gets past zod into the service; then one of its later writes fails
  // (linking the question to its tags, or recording its event in the outbox), after the new tags
  // and the question row were written in the same transaction.
  it.each([
    ['question_tags', questionTags],
    ['events', events],
  ] as const)(
    'writes nothing when the service fails at its %s write, after the tags and the question',
    async (name, table) => {
      const world = await createTestWorld();
      const alice = await world.signedIn('alice');
      const eventsBefore = await world.db.select().from(events);
      const restore = await refuseInserts(world.db, table);
      const error = await ask(alice, { tags: ['brandnew', 'alsonew'] }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
      expect(messagesOf(error)).toContainEqual(
        expect.stringContaining(`${name} refused by the test`),
      );
      expect(await world.db.select().from(questions)).toEqual([]);
      expect(await world.db.select().from(tags)).toEqual([]);
      expect(await world.db.select().from(questionTags)).toEqual([]);
      expect(await world.db.select().from(events)).toEqual(eventsBefore);

      // The same call succeeds once the step works again: the failure was that step, nothing else.
      await restore();
      await ask(alice, { tags: ['brandnew', 'alsonew'] });
      expect(await world.db.select().from(questions)).toHaveLength(1);
      expect(await world.db.select().from(tags)).toHaveLength(2);
      expect(await world.db.select().from(events)).toHaveLength(eventsBefore.length + 1);
    },
  );
});
