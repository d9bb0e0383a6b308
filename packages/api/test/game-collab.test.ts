import { events } from '@app/db';
import { decodeAwarenessUpdate, encodeAwarenessUpdate, presenceUser } from '@app/games';
import { gameMessages, presenceColor, problemMessages } from '@app/validators';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CODE_TEXT, codeText } from '../src';
import { createTestWorld, type TestClient, type TestWorld } from './helpers';
import { expectError, people } from './messaging-fixtures';
import { ADD_SOLUTION, leaks, MANY_RUNS, postProblem } from './problem-fixtures';
import { useClock } from './question-fixtures';

const clock = useClock();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** A cursor as the server passes it on: the session user's name and colour. */
const cursorOf = (clientID: number, name: string) =>
  b64(encodeAwarenessUpdate([{ clientID, clock: 1, state: { user: presenceUser(name) } }]));

/** A client-side editor: a Y.Doc synced from codeState, its local changes as base64 updates. */
async function editorOf(client: TestClient, id: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from((await client.api.game.codeState({ id })).update, 'base64'));
  const pending: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') pending.push(update);
  });
  return {
    doc,
    text: doc.getText(CODE_TEXT),
    /** Sends what was typed since the last flush, as one merged update. */
    flush: () => client.api.game.editCode({ id, update: b64(Y.mergeUpdates(pending.splice(0))) }),
    receive: (update: string) => Y.applyUpdate(doc, Buffer.from(update, 'base64'), 'remote'),
  };
}

async function collabWorld(world?: TestWorld) {
  world ??= await createTestWorld({ limits: MANY_RUNS });
  const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
  const problem = await postProblem(carol);
  const { game } = await carol.api.game.createCollabCode({
    seatCreator: false,
    title: 'Add together',
    isPrivate: false,
    problemId: problem.id,
    timeLimit: 10,
    playerLimit: 2,
  });
  return { world, alice, bob, carol, id: game.id, problem, game };
}

async function playing() {
  const setup = await collabWorld();
  await setup.alice.api.game.join({ id: setup.id });
  await setup.bob.api.game.join({ id: setup.id });
  return setup;
}

describe('CollabCode: create and join', () => {
  it('creates a waiting game on a problem; the second join starts the clock; the limit holds', async () => {
    const { alice, bob, carol, id, game, problem } = await collabWorld();
    expect(game).toMatchObject({
      gameType: 'CollabCode',
      status: 'WAITING_TO_START',
      players: [],
      playerLimit: 2,
      problemId: problem.id,
      problemTitle: problem.title,
      deadline: null,
      state: { startTime: null, timeLimit: 10 },
    });
    const alone = await alice.api.game.join({ id });
    expect(alone.game).toMatchObject({
      status: 'WAITING_TO_START',
      players: ['alice'],
      state: { startTime: null },
      deadline: null,
    });
    expect((await alice.api.game.join({ id })).game.players).toEqual(['alice']);
    const joined = await bob.api.game.join({ id });
    const start = Date.now();
    expect(joined.game).toMatchObject({
      status: 'IN_PROGRESS',
      players: ['alice', 'bob'],
      state: { startTime: start },
      deadline: start + 10 * 60_000,
    });
    await expectError(carol.api.game.join({ id }), 'BAD_REQUEST', gameMessages.gameFull);
    expect((await carol.api.game.list({ gameType: 'CollabCode' }))[0]?.players).toEqual([
      'alice',
      'bob',
    ]);
  });

  it('refuses a game on a problem that does not exist', async () => {
    const { carol } = await collabWorld();
    await expectError(
      carol.api.game.createCollabCode({
        seatCreator: false,
        title: 'Nothing here',
        isPrivate: false,
        problemId: 999,
      }),
      'NOT_FOUND',
      problemMessages.problemNotFound,
    );
  });
});

describe('CollabCode: the shared document', () => {
  it('starts as the function signature; a player’s edit is stored, published and served', async () => {
    const { world, alice, bob, id, problem } = await playing();
    const a = await editorOf(alice, id);
    expect(a.text.toString()).toBe('function add(a, b) {\n}');
    expect(problem.title).toBe('Add two numbers');
    const room = await world.readEvents(bob.api.game.onRoom({ id }));
    a.text.insert(20, '\n  return a + b;');
    const { event } = await a.flush();
    expect(event?.payload).toMatchObject({ type: 'codeUpdate', gameId: id, from: 'alice' });
    const heard = await room.next();
    expect(heard).toEqual({ id: event?.id, data: event?.payload });
    const b = await editorOf(bob, id);
    expect(b.text.toString()).toBe(a.text.toString());
  });

  it('merges two players typing at once: both updates accepted, the text holds both', async () => {
    const { alice, bob, id } = await playing();
    const a = await editorOf(alice, id);
    const b = await editorOf(bob, id);
    // Both type from the same starting text before either hears the other.
    a.text.insert(20, '\n  // alice was here');
    b.text.insert(0, '// bob too\n');
    const [fromA, fromB] = await Promise.all([a.flush(), b.flush()]);
    a.receive(fromB.event!.payload.type === 'codeUpdate' ? fromB.event!.payload.update : '');
    b.receive(fromA.event!.payload.type === 'codeUpdate' ? fromA.event!.payload.update : '');
    const server = codeText((await alice.api.game.codeState({ id })).update);
    expect(server).toContain('// alice was here');
    expect(server).toContain('// bob too');
    expect(a.text.toString()).toBe(server);
    expect(b.text.toString()).toBe(server);
  });

  it('setCode (the legacy whole text) lands as a small diff that keeps a concurrent edit', async () => {
    const { alice, bob, id } = await playing();
    const b = await editorOf(bob, id);
    b.text.insert(0, '// header\n');
    // alice sends a whole text made from the old document, not knowing bob's line.
    await alice.api.game.setCode({ id, code: 'function add(a, b) {\n  return a + b;\n}' });
    await b.flush();
    expect(codeText((await bob.api.game.codeState({ id })).update)).toBe(
      '// header\nfunction add(a, b) {\n  return a + b;\n}',
    );
    expect((await alice.api.game.setCode({ id, code: 'x' })).event).not.toBeNull();
    expect(codeText((await bob.api.game.codeState({ id })).update)).toBe('x');
    expect((await alice.api.game.setCode({ id, code: 'x' })).event).toBeNull();
  });

  it('refuses edits by non-players, of waiting or finished games, garbage, and after the deadline', async () => {
    const { alice, carol, id } = await collabWorld();
    const forbidden = (call: Promise<unknown>) =>
      expectError(call, 'FORBIDDEN', gameMessages.notAPlayer);
    const scratch = new Y.Doc();
    scratch.getText(CODE_TEXT).insert(0, 'sneaky');
    const update = b64(Y.encodeStateAsUpdate(scratch));
    await expect(carol.api.game.editCode({ id, update })).rejects.toMatchObject({
      code: expect.stringMatching(/BAD_REQUEST|FORBIDDEN/),
    });
    await alice.api.game.join({ id });
    await alice.api.game.start({ id });
    await forbidden(carol.api.game.editCode({ id, update }));
    await forbidden(carol.api.game.setCode({ id, code: 'sneaky' }));
    await forbidden(carol.api.game.codeState({ id }));
    await forbidden(carol.api.game.runTests({ id }));
    await expectError(
      alice.api.game.editCode({ id, update: b64(new Uint8Array([255, 255, 255, 255, 7])) }),
      'BAD_REQUEST',
      gameMessages.invalidUpdate,
    );
    clock.tick(10 * 60_000 + 1);
    await expectError(alice.api.game.editCode({ id, update }), 'BAD_REQUEST', gameMessages.timeUp);
    expect(codeText((await alice.api.game.codeState({ id })).update)).toBe(
      'function add(a, b) {\n}',
    );
  });
});

describe('CollabCode: Run Tests', () => {
  it('runs every test on the shared text, shows the room redacted results, and a pass ends the game', async () => {
    const { world, alice, bob, id } = await playing();
    const room = await world.readEvents(bob.api.game.onRoom({ id }));
    const failing = await alice.api.game.runTests({ id });
    expect(failing.results.map((r) => r.status)).toEqual(
      expect.arrayContaining([expect.not.stringMatching(/^OK$/)]),
    );
    expect(failing.game.status).toBe('IN_PROGRESS');
    expect((await room.next()).data).toMatchObject({ type: 'testResults', by: 'alice' });

    await bob.api.game.setCode({ id, code: ADD_SOLUTION });
    await room.next();
    const passing = await bob.api.game.runTests({ id });
    expect(passing.results.map((r) => r.status)).toEqual(['OK', 'OK', 'OK']);
    expect(passing.game).toMatchObject({ status: 'OVER', state: { winners: ['alice', 'bob'] } });
    const [results, state] = await room.take(2);
    expect(results?.data).toMatchObject({ type: 'testResults', by: 'bob' });
    expect(state?.data).toEqual({ type: 'state', game: passing.game });
    // Hidden tests are redacted for everyone, even carol, who wrote the problem.
    expect(leaks([failing, passing, results, state])).toEqual([]);
    await expectError(
      alice.api.game.editCode({
        id,
        update: b64(Y.encodeStateAsUpdate(new Y.Doc())),
      }),
      'BAD_REQUEST',
      gameMessages.gameOver,
    );
  });

  it('says Empty solution for blank code and runs nothing', async () => {
    const { alice, id } = await playing();
    await alice.api.game.setCode({ id, code: '  \n ' });
    await expectError(alice.api.game.runTests({ id }), 'BAD_REQUEST', gameMessages.emptySolution);
  });

  it('counts against the test-run limit like problem runs', async () => {
    const world = await createTestWorld({ limits: { testRuns: { max: 1, windowMs: 60_000 } } });
    const { alice, id } = await collabWorld(world);
    await alice.api.game.join({ id });
    await alice.api.game.start({ id });
    await alice.api.game.runTests({ id });
    await expectError(
      alice.api.game.runTests({ id }),
      'TOO_MANY_REQUESTS',
      problemMessages.slowDown,
    );
  });
});

describe('CollabCode: who hears the room', () => {
  it('code updates and test results reach players only; the state reaches every watcher', async () => {
    const { world, alice, bob, carol, id } = await playing();
    const watcher = await world.readEvents(carol.api.game.onRoom({ id }));
    const player = await world.readEvents(bob.api.game.onRoom({ id }));
    await alice.api.game.setCode({ id, code: 'function add(a, b) { return 0; }' });
    await alice.api.game.runTests({ id });
    await alice.api.game.leave({ id });
    const [code, tests, left] = await player.take(3);
    expect([code?.data.type, tests?.data.type, left?.data.type]).toEqual([
      'codeUpdate',
      'testResults',
      'state',
    ]);
    // carol is not a player: the first event she hears is the state after alice left.
    expect(await watcher.next()).toEqual(left);
  });

  it('the latest test results stay with the game: byId shows them to players, not to watchers', async () => {
    const { alice, bob, carol, id } = await playing();
    expect(await alice.api.game.byId({ id })).not.toHaveProperty('testResults');
    await alice.api.game.setCode({ id, code: 'function add(a, b) { return 0; }' });
    await alice.api.game.runTests({ id });
    const runAt = clock.tick(1000).getTime();
    const second = await bob.api.game.runTests({ id });

    // A reload (or bob, who did not run them first) reads the room's latest run.
    for (const player of [alice, bob]) {
      expect((await player.api.game.byId({ id })).testResults).toEqual({
        results: second.results,
        by: 'bob',
        runAt,
      });
    }
    expect(second.event.payload).toMatchObject({ type: 'testResults', by: 'bob', runAt });
    // carol watches (she is not a player) and wrote the problem: the room's results are not hers.
    const watched = await carol.api.game.byId({ id });
    expect(watched).not.toHaveProperty('testResults');
    expect(JSON.stringify(await carol.api.game.list())).not.toContain('testResults');
    // A player who leaves stops reading them, like the live event.
    await alice.api.game.leave({ id });
    expect(await alice.api.game.byId({ id })).not.toHaveProperty('testResults');
  });

  it('presence is broadcast live to the other players, never stored, never to watchers', async () => {
    const { world, alice, bob, carol, id } = await playing();
    const controller = new AbortController();
    const read = async (client: TestClient) => {
      const stream = (await client.listen(controller.signal).game.onPresence({ id }))[
        Symbol.asyncIterator
      ]();
      return stream;
    };
    const bobHears = await read(bob);
    const carolHears = await read(carol);
    const aliceHears = await read(alice);
    const bobNext = bobHears.next();
    const carolNext = carolHears.next();
    const aliceNext = aliceHears.next();
    // Let the three streams reach the bus before anything is said.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = await world.db.select({ n: count() }).from(events);
    const fromAlice = cursorOf(1, 'alice');
    await alice.api.game.presence({ id, update: fromAlice });
    expect((await bobNext).value).toEqual({ gameId: id, update: fromAlice, from: 'alice' });
    const fromBob = cursorOf(2, 'bob');
    await bob.api.game.presence({ id, update: fromBob });
    expect((await aliceNext).value).toEqual({ gameId: id, update: fromBob, from: 'bob' });
    expect(await world.db.select({ n: count() }).from(events)).toEqual(before);
    await expectError(
      carol.api.game.presence({ id, update: fromAlice }),
      'FORBIDDEN',
      gameMessages.notAPlayer,
    );
    const carolGot = await Promise.race([
      carolNext.then(() => 'heard'),
      new Promise((resolve) => setTimeout(() => resolve('nothing'), 30)),
    ]);
    expect(carolGot).toBe('nothing');
    controller.abort();
  });

  it('a cursor shows the session user’s name and colour, never the ones the client claimed', async () => {
    const { alice, bob, id } = await playing();
    const controller = new AbortController();
    const bobHears = (await bob.listen(controller.signal).game.onPresence({ id }))[
      Symbol.asyncIterator
    ]();
    let heard: { update: string } | undefined;
    const hearing = bobHears.next().then(({ value }) => (heard = value ?? undefined));
    const overlay = 'red; position: fixed; inset: 0';
    const claimed = encodeAwarenessUpdate([
      { clientID: 7, clock: 1, state: { user: { name: 'carol', color: overlay }, cursor: null } },
    ]);
    // Sent until bob's stream, which may not be listening yet, hears it (a cursor is not replayed).
    while (!heard) {
      await alice.api.game.presence({ id, update: b64(claimed) });
      await Promise.race([hearing, new Promise((resolve) => setImmediate(resolve))]);
    }
    const [entry] = decodeAwarenessUpdate(Buffer.from(heard.update, 'base64'));
    expect(entry?.state).toEqual({
      user: { name: 'alice', ...presenceColor('alice') },
      cursor: null,
    });
    await expectError(
      alice.api.game.presence({ id, update: 'AQID' }),
      'BAD_REQUEST',
      gameMessages.invalidPresence,
    );
    controller.abort();
  });
});
