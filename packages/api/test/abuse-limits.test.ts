import { authMessages, connectionMessages, limitMessages } from '@app/validators';
import { users } from '@app/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  appRouter,
  createCallerFactory,
  createContext,
  createMemorySessionStore,
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_KINDS,
  RATE_LIMIT_TABLE,
  type RateLimitKind,
  type RateLimits,
} from '../src';
import { createTestWorld, TEST_PASSWORD, type TestClient, type TestWorld } from './helpers';
import { expectError, people } from './messaging-fixtures';
import { postProblem } from './problem-fixtures';
import { ask, questionInput, useClock } from './question-fixtures';

const clock = useClock();
const createCaller = createCallerFactory(appRouter);
const TWO = { max: 2, windowMs: 60_000 };

/** A world where only `kind` has a small limit (2 a minute); everything else is roomy. */
const limitedWorld = (kind: RateLimitKind, limit = TWO) =>
  createTestWorld({ limits: { [kind]: limit } as Partial<RateLimits> });

const tooMany = (call: Promise<unknown>, kind: RateLimitKind) =>
  expectError(call, 'TOO_MANY_REQUESTS', RATE_LIMIT_TABLE[kind].message);

/**
 * Each write the site allows, made by alice `i`-th time: every one of them must be limited per
 * user. `setup` makes what the write needs (a question, a chat, a game) beforehand.
 */
const writes: {
  kind: RateLimitKind;
  what: string;
  setup(world: TestWorld): Promise<(alice: TestClient, i: number) => Promise<unknown>>;
}[] = [
  {
    kind: 'questions',
    what: 'asking a question',
    setup: async () => (alice, i) => ask(alice, { title: `Question number ${i}` }),
  },
  {
    kind: 'answers',
    what: 'answering',
    setup: async (world) => {
      const qid = (await ask(await world.signedIn('asker'))).id;
      return (alice, i) => alice.api.answer.create({ qid, text: `Answer ${i}` });
    },
  },
  {
    kind: 'comments',
    what: 'commenting',
    setup: async (world) => {
      const qid = (await ask(await world.signedIn('asker'))).id;
      return (alice, i) => alice.api.comment.create({ id: qid, type: 'question', text: `c${i}` });
    },
  },
  {
    kind: 'edits',
    what: 'editing one’s own question or answer',
    setup: async () => {
      let qid = 0;
      return async (alice, i) => {
        qid ||= (await ask(alice)).id;
        return alice.api.question.update({
          ...questionInput({ title: `Edited question, version ${i}` }),
          qid,
        });
      };
    },
  },
  {
    kind: 'votes',
    what: 'voting on a question',
    setup: async (world) => {
      const qid = (await ask(await world.signedIn('asker'))).id;
      return (alice) => alice.api.question.vote({ qid, vote: 'up' });
    },
  },
  {
    kind: 'views',
    what: 'recording a view',
    setup: async (world) => {
      const qid = (await ask(await world.signedIn('asker'))).id;
      return (alice) => alice.api.question.view({ qid });
    },
  },
  {
    kind: 'biographies',
    what: 'updating the biography',
    setup: async () => (alice, i) =>
      alice.api.user.updateBiography({ username: 'alice', biography: `Bio ${i}` }),
  },
  {
    kind: 'passwordResets',
    what: 'resetting the password',
    setup: async () => (alice, i) =>
      alice.api.user.resetPassword({ username: 'alice', password: `new-password-${i}` }),
  },
  {
    kind: 'chats',
    what: 'starting a chat',
    setup: async (world) => {
      await people(world, 'u0', 'u1', 'u2');
      return (alice, i) => alice.api.chat.create({ username: `u${i}` });
    },
  },
  {
    kind: 'chatParticipants',
    what: 'adding someone to a chat',
    setup: async (world) => {
      await people(world, 'bob', 'u0', 'u1', 'u2');
      let chatId = 0;
      return async (alice, i) => {
        chatId ||= (await alice.api.chat.create({ username: 'bob' })).chat.id;
        return alice.api.chat.addParticipant({ chatId, username: `u${i}` });
      };
    },
  },
  {
    kind: 'chatReads',
    what: 'marking a chat read',
    setup: async (world) => {
      await people(world, 'bob');
      let chatId = 0;
      return async (alice) => {
        chatId ||= (await alice.api.chat.create({ username: 'bob' })).chat.id;
        return alice.api.chat.markRead({ chatId });
      };
    },
  },
  {
    kind: 'games',
    what: 'creating a game',
    setup: async () => (alice, i) =>
      alice.api.game.createNim({ seatCreator: false, title: `Game ${i}`, isPrivate: false }),
  },
  {
    kind: 'gameSeats',
    what: 'joining and leaving a game',
    setup: async (world) => {
      const host = await world.signedIn('host');
      const { game } = await host.api.game.createNim({
        seatCreator: false,
        title: 'Quiet room',
        isPrivate: false,
      });
      return (alice, i) =>
        i % 2 === 0 ? alice.api.game.join({ id: game.id }) : alice.api.game.leave({ id: game.id });
    },
  },
  {
    kind: 'gameMoves',
    what: 'making a Nim move',
    setup: async (world) => {
      const bob = await world.signedIn('bob');
      const { game } = await bob.api.game.createNim({
        seatCreator: false,
        title: 'Nim for two',
        isPrivate: false,
      });
      let seated = false;
      return async (alice) => {
        if (!seated) {
          await alice.api.game.join({ id: game.id });
          await bob.api.game.join({ id: game.id });
          seated = true;
        }
        const moved = await alice.api.game.nimMove({ id: game.id, numObjects: 1 });
        await bob.api.game.nimMove({ id: game.id, numObjects: 1 });
        return moved;
      };
    },
  },
  {
    kind: 'codeEdits',
    what: 'changing a CollabCode game’s code',
    setup: async (world) => {
      const seated = await collabGame(world);
      return async (alice, i) => {
        const id = await seated(alice);
        return alice.api.game.setCode({ id, code: `// version ${i}` });
      };
    },
  },
  {
    kind: 'presence',
    what: 'sending a cursor in a CollabCode game',
    setup: async (world) => {
      const seated = await collabGame(world);
      // One awareness entry: client 1, clock 1, state {}.
      return async (alice) =>
        alice.api.game.presence({ id: await seated(alice), update: 'AQEBAnt9' });
    },
  },
  {
    kind: 'problems',
    what: 'creating a problem',
    setup: async () => (alice, i) => postProblem(alice, { title: `Problem ${i}` }),
  },
  {
    kind: 'drafts',
    what: 'saving the attempt editor’s draft',
    setup: async (world) => {
      const problem = await postProblem(await world.signedIn('setter'));
      return (alice, i) => alice.api.problem.saveDraft({ problemId: problem.id, code: `// ${i}` });
    },
  },
  {
    kind: 'flags',
    what: 'flagging a post',
    setup: async (world) => {
      const asker = await world.signedIn('asker');
      const qids: number[] = [];
      for (let i = 0; i < 3; i++)
        qids.push((await ask(asker, { title: `Question to flag ${i}` })).id);
      return (alice, i) =>
        alice.api.flag.create({ kind: 'question', id: qids[i] ?? 0, reason: 'spam' });
    },
  },
];

/** A CollabCode game on a fresh problem; the writer takes a place on their first write. */
async function collabGame(world: TestWorld) {
  const carol = await world.signedIn('carol');
  const problem = await postProblem(carol);
  const { game } = await carol.api.game.createCollabCode({
    seatCreator: false,
    title: 'Add together',
    isPrivate: false,
    problemId: problem.id,
    timeLimit: 10,
    playerLimit: 2,
  });
  let joined = false;
  return async (player: TestClient) => {
    if (!joined) {
      await player.api.game.join({ id: game.id });
      // Alone in the room, the player starts the clock.
      await player.api.game.start({ id: game.id });
    }
    joined = true;
    return game.id;
  };
}

describe('per-user limits on every write', () => {
  it.each(writes)(
    '$what: under the limit is fine; past it TOO_MANY_REQUESTS with its sentence',
    async ({ kind, setup }) => {
      const world = await limitedWorld(kind);
      const write = await setup(world);
      const alice = await world.signedIn('alice');
      await write(alice, 0);
      await write(alice, 1);
      await tooMany(write(alice, 2), kind);
    },
  );

  it('every procedure-counted limit in the table is exercised above', () => {
    const procedureKinds = RATE_LIMIT_KINDS.filter(
      (kind) => RATE_LIMIT_TABLE[kind].counted === 'procedure' && kind !== 'signups',
    );
    const covered = new Set<RateLimitKind>([...writes.map((w) => w.kind), 'newTags']);
    expect(procedureKinds.filter((kind) => !covered.has(kind))).toEqual([]);
  });

  it('counts each user on their own', async () => {
    const world = await limitedWorld('questions');
    const { alice, bob } = await people(world, 'alice', 'bob');
    await ask(alice);
    await ask(alice);
    await tooMany(ask(alice), 'questions');
    await expect(ask(bob)).resolves.toBeDefined();
  });

  it('lets the writer go on once the window has passed', async () => {
    const world = await limitedWorld('answers');
    const qid = (await ask(await world.signedIn('asker'))).id;
    const alice = await world.signedIn('alice');
    await alice.api.answer.create({ qid, text: 'one' });
    await alice.api.answer.create({ qid, text: 'two' });
    await tooMany(alice.api.answer.create({ qid, text: 'three' }), 'answers');
    clock.tick(60_000);
    await expect(alice.api.answer.create({ qid, text: 'three' })).resolves.toBeDefined();
  });

  it('question and problem votes share one limit', async () => {
    const world = await limitedWorld('votes');
    const asker = await world.signedIn('asker');
    const qid = (await ask(asker)).id;
    const problem = await postProblem(asker);
    const alice = await world.signedIn('alice');
    await alice.api.question.vote({ qid, vote: 'up' });
    await alice.api.problem.vote({ id: problem.id, vote: 'up' });
    await tooMany(alice.api.problem.vote({ id: problem.id, vote: 'down' }), 'votes');
  });

  it('new tags count one by one, and a question with only existing tags is not held back', async () => {
    const world = await limitedWorld('newTags', { max: 3, windowMs: 60_000 });
    const alice = await world.signedIn('alice');
    await ask(alice, { tags: ['alpha', 'beta'] });
    await ask(alice, { tags: ['alpha', 'gamma'] });
    await tooMany(ask(alice, { tags: ['delta'] }), 'newTags');
    await expect(ask(alice, { tags: ['alpha', 'beta', 'gamma'] })).resolves.toBeDefined();
    expect((await alice.api.tag.list()).map((t) => t.name)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('a refused write (invalid input, not allowed) does not use up the allowance', async () => {
    const world = await limitedWorld('answers');
    const alice = await world.signedIn('alice');
    for (let i = 0; i < 5; i++) {
      await expect(alice.api.answer.create({ qid: 1, text: '' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      await expect(alice.api.answer.create({ qid: 999, text: 'lost' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    const qid = (await ask(await world.signedIn('asker'))).id;
    await alice.api.answer.create({ qid, text: 'one' });
    await alice.api.answer.create({ qid, text: 'two' });
    await tooMany(alice.api.answer.create({ qid, text: 'three' }), 'answers');
  });

  it('nothing acknowledged is dropped: of a concurrent burst exactly the limit is written and published', async () => {
    const world = await limitedWorld('questions', { max: 3, windowMs: 60_000 });
    const alice = await world.signedIn('alice');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => ask(alice, { title: `Burst question ${i}` })),
    );
    const acknowledged = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(acknowledged).toHaveLength(3);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused.map((e: { code: string }) => e.code)).toEqual(
      Array(5).fill('TOO_MANY_REQUESTS'),
    );
    const listed = (await alice.api.question.list()).items.map((q) => q.id).sort();
    expect(listed).toEqual(acknowledged.map((q) => q.id).sort());
    const events = await world.deps.events.replay('question', null, '0', 100);
    expect(events.filter((e) => e.payload.type === 'created')).toHaveLength(3);
  });
});

/** The key a user's own limits are counted under: their id. */
async function userKey(world: TestWorld, username: string): Promise<string> {
  const [row] = await world.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  return String(row?.id);
}

describe("a write's count travels in the write's own transaction", () => {
  it('counts a vote inside its transaction, not in one of its own before it', async () => {
    const world = await limitedWorld('votes');
    const { alice, bob } = await people(world, 'alice', 'bob');
    const qid = (await ask(alice)).id;
    const before = vi.spyOn(world.deps.limiters.votes, 'tryConsume');
    await bob.api.question.vote({ qid, vote: 'up' });
    expect(before).not.toHaveBeenCalled();
    expect(await world.deps.limiters.votes.counted(await userKey(world, 'bob'))).toBe(1);
  });

  it('a write refused over its limit leaves nothing written and nothing more counted', async () => {
    const world = await limitedWorld('comments');
    const { alice } = await people(world, 'alice');
    const qid = (await ask(alice)).id;
    for (const text of ['first', 'second'])
      await alice.api.comment.create({ id: qid, type: 'question', text });
    await tooMany(
      alice.api.comment.create({ id: qid, type: 'question', text: 'third' }),
      'comments',
    );
    expect((await alice.api.question.byId({ qid })).comments.map((c) => c.text)).toEqual([
      'first',
      'second',
    ]);
    expect(await world.deps.limiters.comments.counted(await userKey(world, 'alice'))).toBe(2);
  });
});

describe('per-address limit on sign-up', () => {
  it('refuses the 11th account from one address in an hour with its sentence; other addresses are fine', async () => {
    const world = await createTestWorld({ limits: { signups: DEFAULT_RATE_LIMITS.signups } });
    const farm = world.client({ address: '203.0.113.5' });
    for (let i = 0; i < 10; i++) {
      await farm.api.auth.signup({ username: `farm${i}`, password: TEST_PASSWORD });
    }
    await expectError(
      farm.api.auth.signup({ username: 'farm10', password: TEST_PASSWORD }),
      'TOO_MANY_REQUESTS',
      limitMessages.signups,
    );
    const neighbour = world.client({ address: '203.0.113.6' });
    await expect(
      neighbour.api.auth.signup({ username: 'neighbour', password: TEST_PASSWORD }),
    ).resolves.toMatchObject({ username: 'neighbour' });
  });

  it('a sign-up refused for a taken name does not count', async () => {
    const world = await createTestWorld({ limits: { signups: TWO } });
    await world.signedIn('alice');
    const browser = world.client({ address: '203.0.113.7' });
    for (let i = 0; i < 4; i++) {
      await expect(
        browser.api.auth.signup({ username: 'alice', password: TEST_PASSWORD }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
    }
    await browser.api.auth.signup({ username: 'one', password: TEST_PASSWORD });
    await browser.api.auth.signup({ username: 'two', password: TEST_PASSWORD });
    await expectError(
      browser.api.auth.signup({ username: 'three', password: TEST_PASSWORD }),
      'TOO_MANY_REQUESTS',
      limitMessages.signups,
    );
  });
});

describe('login lockout is keyed on username and address', () => {
  it('an attacker at one address with wrong passwords does not stop the real user at another address; the attacker stays throttled', async () => {
    const world = await createTestWorld();
    await world.signedIn('victim');
    const attacker = world.client({ address: '198.51.100.66' });
    for (let i = 0; i < 5; i++) {
      await expectError(
        attacker.api.auth.login({ username: 'victim', password: `guess-${i}-guess` }),
        'UNAUTHORIZED',
        authMessages.invalidCredentials,
      );
    }
    for (let i = 0; i < 3; i++) {
      await expectError(
        attacker.api.auth.login({ username: 'victim', password: 'another-guess' }),
        'TOO_MANY_REQUESTS',
        authMessages.tooManyAttempts,
      );
    }
    const victim = world.client({ address: '192.0.2.10' });
    const user = await victim.api.auth.login({ username: 'victim', password: TEST_PASSWORD });
    expect(user.username).toBe('victim');
    // Even the right password does not get through for the throttled pair.
    await expectError(
      attacker.api.auth.login({ username: 'victim', password: TEST_PASSWORD }),
      'TOO_MANY_REQUESTS',
      authMessages.tooManyAttempts,
    );
  });

  it('the pair’s lockout ends after its window (15 minutes by default)', async () => {
    const world = await createTestWorld();
    await world.signedIn('victim');
    const attacker = world.client({ address: '198.51.100.67' });
    for (let i = 0; i < 5; i++) {
      await expectError(
        attacker.api.auth.login({ username: 'victim', password: 'nope-nope' }),
        'UNAUTHORIZED',
        authMessages.invalidCredentials,
      );
    }
    // The lockout is in force until the window ends, for the right password too…
    clock.tick(DEFAULT_RATE_LIMITS.loginByUsernameAndAddress.windowMs - 1);
    await expectError(
      attacker.api.auth.login({ username: 'victim', password: TEST_PASSWORD }),
      'TOO_MANY_REQUESTS',
      authMessages.tooManyAttempts,
    );
    // …and over once it has.
    clock.tick(1);
    await expectError(
      attacker.api.auth.login({ username: 'victim', password: 'nope-nope' }),
      'UNAUTHORIZED',
      authMessages.invalidCredentials,
    );
  });

  it('guesses spread over many addresses meet the slower per-username limit', async () => {
    const world = await createTestWorld({
      limits: { loginByUsername: { max: 12, windowMs: 3_600_000 } },
    });
    await world.signedIn('victim');
    let throttled = 0;
    for (let i = 0; i < 20; i++) {
      const bot = world.client({ address: `10.20.0.${i}` });
      const outcome = await bot.api.auth
        .login({ username: 'victim', password: 'bad-guess' })
        .catch((e: { code: string }) => e.code);
      if (outcome === 'TOO_MANY_REQUESTS') throttled += 1;
    }
    expect(throttled).toBe(8);
  });
});

describe('subscriptions per WebSocket', () => {
  /** Two tRPC callers over one WebSocket connection each (the ws context is built once per connection). */
  async function sockets(world: TestWorld, cap: number) {
    world.deps.caps.subscriptionsPerSocket = cap;
    const alice = await world.signedIn('alice');
    const socket = () =>
      createCaller(
        createContext(world.deps, {
          session: createMemorySessionStore(alice.session.sessionId),
          clientAddress: '127.0.0.1',
          transport: 'ws',
        }),
      );
    return { first: socket(), second: socket() };
  }

  it('refuses one past the cap with a clear sentence; a closed one frees its place', async () => {
    const world = await createTestWorld();
    const { first, second } = await sockets(world, 2);
    const a = await first.question.onQuestionChanged();
    const b = await first.message.onMessage();
    await expectError(
      first.chat.onInbox(),
      'TOO_MANY_REQUESTS',
      connectionMessages.tooManySubscriptions,
    );
    // Another socket has its own count.
    const other = await second.chat.onInbox();
    expect(other).toBeDefined();
    // Stopping one (the client's subscription.stop, or the socket closing) frees its place.
    await a[Symbol.asyncIterator]().return?.();
    const c = await first.chat.onInbox();
    await expectError(
      first.user.onUserChanged(),
      'TOO_MANY_REQUESTS',
      connectionMessages.tooManySubscriptions,
    );
    await b[Symbol.asyncIterator]().return?.();
    await c[Symbol.asyncIterator]().return?.();
    await other[Symbol.asyncIterator]().return?.();
  });

  it('a subscription refused for another reason does not take a place', async () => {
    const world = await createTestWorld();
    const { first } = await sockets(world, 1);
    for (let i = 0; i < 3; i++) {
      await expect(first.question.onQuestionUpdated({ qid: -1 })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    const ok = await first.question.onQuestionChanged();
    await ok[Symbol.asyncIterator]().return?.();
  });
});
