import { gameMessages, userMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { endTimedOutGame } from '../src/domains/games/game-timer';
import { createTestWorld, type TestClient } from './helpers';
import { expectError, people } from './messaging-fixtures';
import { ADD_SOLUTION, insertSubmission, MANY_RUNS, postProblem } from './problem-fixtures';
import { useClock } from './question-fixtures';

// Issue 24, games with lichess habits: creating seats you, results in plain words, rematches, the
// CollabCode clock waiting for a second player, the lobby, a profile's play, whose turn it is.

const clock = useClock();
const MINUTE = 60_000;

async function world() {
  const w = await createTestWorld({ limits: MANY_RUNS });
  const { alice, bob, carol } = await people(w, 'alice', 'bob', 'carol');
  return { world: w, alice, bob, carol };
}

/** alice creates (and so sits first), bob joins: in progress, alice to move. */
async function nimFor(alice: TestClient, bob: TestClient, title = 'Nim for two') {
  const { game } = await alice.api.game.createNim({ title, isPrivate: false });
  await bob.api.game.join({ id: game.id });
  return game.id;
}

/** Plays until `loser` must take the last object (3s down to 1 left, then the last one). */
async function playToLastObject(players: Record<string, TestClient>, id: string) {
  for (;;) {
    const { state } = await players.alice!.api.game.byId({ id });
    if (state.status === 'OVER') return;
    const toMove = (state as { moves: unknown[] }).moves.length % 2 === 0 ? 'player1' : 'player2';
    const name = (state as unknown as Record<string, string>)[toMove]!;
    const remaining = (state as { remainingObjects: number }).remainingObjects;
    const take = remaining > 4 ? 3 : remaining > 1 ? remaining - 1 : 1;
    await players[name]!.api.game.nimMove({ id, numObjects: Math.min(3, take) });
  }
}

describe('creating seats you', () => {
  it('the creator of a Nim game takes the first seat; the second player starts it', async () => {
    const { alice, bob } = await world();
    const { game } = await alice.api.game.createNim({ title: 'Nim for two', isPrivate: false });
    expect(game).toMatchObject({
      status: 'WAITING_TO_START',
      players: ['alice'],
      state: { player1: 'alice', player2: null },
    });
    const { game: started } = await bob.api.game.join({ id: game.id });
    expect(started).toMatchObject({ status: 'IN_PROGRESS', players: ['alice', 'bob'] });
    await expectError(
      alice.api.game.join({ id: game.id }),
      'BAD_REQUEST',
      gameMessages.alreadyJoined,
    );
  });

  it('the creator of a CollabCode game is seated and waits: no clock', async () => {
    const { alice } = await world();
    const problem = await postProblem(alice);
    const { game } = await alice.api.game.createCollabCode({
      title: 'Add together',
      isPrivate: false,
      problemId: problem.id,
      timeLimit: 5,
    });
    expect(game).toMatchObject({
      status: 'WAITING_TO_START',
      players: ['alice'],
      deadline: null,
      state: { startTime: null },
    });
  });
});

describe('the CollabCode clock starts with the second player, or Start', () => {
  async function waitingCollab() {
    const w = await world();
    const problem = await postProblem(w.carol);
    const { game } = await w.alice.api.game.createCollabCode({
      title: 'Add together',
      isPrivate: false,
      problemId: problem.id,
      timeLimit: 5,
    });
    return { ...w, id: game.id };
  }

  it('the second join starts the clock then, not at creation', async () => {
    const { alice, bob, id } = await waitingCollab();
    clock.tick(7 * MINUTE);
    const { game } = await bob.api.game.join({ id });
    const start = clock.now().getTime();
    expect(game).toMatchObject({
      status: 'IN_PROGRESS',
      players: ['alice', 'bob'],
      state: { startTime: start },
      deadline: start + 5 * MINUTE,
    });
    await expectError(alice.api.game.start({ id }), 'BAD_REQUEST', gameMessages.alreadyStarted);
  });

  it('a player alone presses Start: the clock starts then; a non-player may not', async () => {
    const { alice, carol, id } = await waitingCollab();
    await expectError(carol.api.game.start({ id }), 'FORBIDDEN', gameMessages.notAPlayer);
    clock.tick(3 * MINUTE);
    const { game } = await alice.api.game.start({ id });
    expect(game).toMatchObject({
      status: 'IN_PROGRESS',
      players: ['alice'],
      deadline: clock.now().getTime() + 5 * MINUTE,
    });
  });

  it('at time-up the final code is tested, the results go to the room and the score is kept', async () => {
    const { world: w, alice, bob, id } = await waitingCollab();
    await bob.api.game.join({ id });
    const room = await w.readEvents(bob.api.game.onRoom({ id }));
    // One of the problem's three tests passes: add(-1, 1) is 0.
    await alice.api.game.setCode({ id, code: 'function add(a, b) {\n  return 0;\n}' });
    clock.tick(5 * MINUTE);
    const ended = await endTimedOutGame(w.deps, id, clock.now().getTime());
    expect(ended?.game).toMatchObject({
      status: 'OVER',
      state: {
        winners: [],
        endReason: { kind: 'timeUp', passed: 1, total: 3 },
        endedAt: ended?.game.deadline,
      },
    });
    const [, results, state] = await room.take(3);
    expect(results?.data).toMatchObject({ type: 'testResults', final: true, by: '' });
    expect(state?.data).toMatchObject({ type: 'state', game: { status: 'OVER' } });
    expect((await bob.api.game.byId({ id })).testResults?.results).toHaveLength(3);
  });

  it('a win records its reason and when the clock stopped', async () => {
    const { alice, bob, id } = await waitingCollab();
    await bob.api.game.join({ id });
    const start = clock.now().getTime();
    await alice.api.game.setCode({ id, code: ADD_SOLUTION });
    clock.tick(2 * MINUTE);
    const { game } = await alice.api.game.runTests({ id });
    expect(game.state).toMatchObject({
      winners: ['alice', 'bob'],
      endReason: { kind: 'solved' },
      endedAt: start + 2 * MINUTE,
    });
  });
});

describe('why a Nim game ended, recorded with it', () => {
  it('leaving in progress is resigning: the other player wins', async () => {
    const { alice, bob } = await world();
    const id = await nimFor(alice, bob);
    const { game } = await alice.api.game.leave({ id });
    expect(game.state).toMatchObject({
      status: 'OVER',
      winners: ['bob'],
      endReason: { kind: 'resigned', player: 'alice' },
    });
  });

  it('taking the last object loses, and says who took it', async () => {
    const { alice, bob } = await world();
    const id = await nimFor(alice, bob);
    await playToLastObject({ alice, bob }, id);
    const { state } = await alice.api.game.byId({ id });
    expect(state.endReason).toMatchObject({ kind: 'lastObject' });
    const taker = (state.endReason as { player: string }).player;
    expect(state.winners).toEqual([taker === 'alice' ? 'bob' : 'alice']);
  });
});

describe('rematch', () => {
  async function finished() {
    const w = await world();
    const id = await nimFor(w.alice, w.bob);
    await w.alice.api.game.leave({ id });
    return { ...w, id };
  }

  it('a player offers; the other hears it live and accepting seats both in a new game, order swapped', async () => {
    const { world: w, alice, bob, id } = await finished();
    const room = await w.readEvents(bob.api.game.onRoom({ id }));
    const { game: offered } = await alice.api.game.offerRematch({ id });
    expect(offered.state.rematch).toEqual({ by: 'alice', status: 'offered', gameId: null });
    expect((await room.next()).data).toMatchObject({
      type: 'state',
      game: { state: { rematch: { by: 'alice', status: 'offered' } } },
    });
    const { game: old, rematch } = await bob.api.game.answerRematch({ id, accept: true });
    expect(old.state.rematch).toEqual({ by: 'alice', status: 'accepted', gameId: rematch?.id });
    expect(rematch).toMatchObject({
      title: 'Nim for two',
      gameType: 'Nim',
      status: 'IN_PROGRESS',
      players: ['bob', 'alice'],
      state: { player1: 'bob', player2: 'alice', remainingObjects: 21, moves: [] },
    });
    // bob (player 1 now) moves first in the new game.
    await bob.api.game.nimMove({ id: rematch!.id, numObjects: 2 });
    expect((await room.next()).data).toMatchObject({
      game: { state: { rematch: { status: 'accepted', gameId: rematch?.id } } },
    });
  });

  it('a CollabCode rematch keeps the problem and the time, and starts the clock', async () => {
    const { alice, bob } = await world();
    const problem = await postProblem(alice);
    const { game } = await alice.api.game.createCollabCode({
      title: 'Add together',
      isPrivate: false,
      problemId: problem.id,
      timeLimit: 7,
      playerLimit: 3,
    });
    await bob.api.game.join({ id: game.id });
    await alice.api.game.setCode({ id: game.id, code: ADD_SOLUTION });
    await alice.api.game.runTests({ id: game.id });
    await bob.api.game.offerRematch({ id: game.id });
    const { rematch } = await alice.api.game.answerRematch({ id: game.id, accept: true });
    expect(rematch).toMatchObject({
      gameType: 'CollabCode',
      title: 'Add together',
      status: 'IN_PROGRESS',
      players: ['bob', 'alice'],
      problemId: problem.id,
      state: { timeLimit: 7, playerLimit: 3, startTime: clock.now().getTime() },
    });
  });

  it('declining closes the offer; one offer per game; an answered offer is gone', async () => {
    const { alice, bob, id } = await finished();
    await expectError(
      alice.api.game.answerRematch({ id, accept: true }),
      'BAD_REQUEST',
      gameMessages.rematchGone,
    );
    await alice.api.game.offerRematch({ id });
    await expectError(bob.api.game.offerRematch({ id }), 'BAD_REQUEST', gameMessages.rematchTaken);
    await expectError(
      alice.api.game.answerRematch({ id, accept: true }),
      'BAD_REQUEST',
      gameMessages.rematchOwnOffer,
    );
    const { game, rematch } = await bob.api.game.answerRematch({ id, accept: false });
    expect(rematch).toBeNull();
    expect(game.state.rematch).toEqual({ by: 'alice', status: 'declined', gameId: null });
    await expectError(
      bob.api.game.answerRematch({ id, accept: true }),
      'BAD_REQUEST',
      gameMessages.rematchGone,
    );
    await expectError(
      alice.api.game.offerRematch({ id }),
      'BAD_REQUEST',
      gameMessages.rematchTaken,
    );
  });

  it('only once the game is over, and only for its players', async () => {
    const { alice, bob, carol } = await world();
    const id = await nimFor(alice, bob);
    await expectError(
      alice.api.game.offerRematch({ id }),
      'BAD_REQUEST',
      gameMessages.rematchNotOver,
    );
    await alice.api.game.leave({ id });
    await expectError(carol.api.game.offerRematch({ id }), 'FORBIDDEN', gameMessages.notAPlayer);
    await alice.api.game.offerRematch({ id });
    await expectError(
      carol.api.game.answerRematch({ id, accept: true }),
      'FORBIDDEN',
      gameMessages.notAPlayer,
    );
  });
});

describe('the lobby shows what can be joined', () => {
  it("the viewer's own games not over come first; showFinished: false leaves finished ones out", async () => {
    const { alice, bob, carol } = await world();
    const mine = await nimFor(alice, bob, 'Mine in play');
    clock.tick();
    const over = await nimFor(carol, bob, 'Over and done');
    await carol.api.game.leave({ id: over });
    clock.tick();
    const { game: newest } = await carol.api.game.createNim({
      title: 'Newest one',
      isPrivate: false,
    });
    const titles = async (input: { showFinished?: boolean }) =>
      (await alice.api.game.list(input)).map((game) => game.title);
    expect(await titles({})).toEqual(['Mine in play', 'Newest one', 'Over and done']);
    expect(await titles({ showFinished: false })).toEqual(['Mine in play', 'Newest one']);
    // Others see the newest first.
    expect((await carol.api.game.list({ showFinished: false }))[0]?.id).toBe(newest.id);
    expect(mine).toBeTruthy();
  });
});

describe("a profile's play", () => {
  it('counts games played, won and lost, lists the last ones with opponents, and problems solved', async () => {
    const { world: w, alice, bob, carol } = await world();
    const first = await nimFor(alice, bob, 'First game');
    await bob.api.game.leave({ id: first }); // alice wins
    clock.tick();
    const second = await nimFor(carol, alice, 'Second game');
    await alice.api.game.leave({ id: second }); // alice loses
    clock.tick();
    await nimFor(alice, bob, 'Still playing'); // not counted
    const problem = await postProblem(bob);
    const other = await postProblem(bob, { title: 'Add again' });
    for (const problemId of [problem.id, problem.id, other.id]) {
      await insertSubmission(w, {
        problemId,
        by: 'alice',
        code: ADD_SOLUTION,
        runTime: 1,
        heapUse: 1,
        createdAt: clock.now(),
      });
    }
    const stats = await bob.api.game.playStats({ username: 'alice' });
    expect(stats).toMatchObject({ played: 2, won: 1, lost: 1, problemsSolved: 2 });
    expect(
      stats.recent.map(({ title, opponents, result }) => ({ title, opponents, result })),
    ).toEqual([
      { title: 'Second game', opponents: ['carol'], result: 'lost' },
      { title: 'First game', opponents: ['bob'], result: 'won' },
    ]);
    await expectError(
      bob.api.game.playStats({ username: 'nobody' }),
      'NOT_FOUND',
      userMessages.noData,
    );
  });
});

describe('game.myTurns', () => {
  it('lists the Nim games waiting for the viewer’s move, not CollabCode ones', async () => {
    const { alice, bob, carol } = await world();
    const id = await nimFor(alice, bob);
    expect(await alice.api.game.myTurns()).toEqual([id]);
    expect(await bob.api.game.myTurns()).toEqual([]);
    await alice.api.game.nimMove({ id, numObjects: 1 });
    expect(await alice.api.game.myTurns()).toEqual([]);
    expect(await bob.api.game.myTurns()).toEqual([id]);
    const problem = await postProblem(carol);
    const { game } = await carol.api.game.createCollabCode({
      title: 'Add together',
      isPrivate: false,
      problemId: problem.id,
    });
    await bob.api.game.join({ id: game.id });
    expect(await bob.api.game.myTurns()).toEqual([id]);
    expect(await carol.api.game.myTurns()).toEqual([]);
  });
});
