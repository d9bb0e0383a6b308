import { gameMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createGameTimer } from '../src';
import { endTimedOutGame } from '../src/domains/games/game-timer';
import { createTestWorld } from './helpers';
import { expectError, people } from './messaging-fixtures';
import { postProblem } from './problem-fixtures';
import { fakeClock } from './support/fake-clock';

async function timedGame() {
  const world = await createTestWorld();
  const { alice, bob } = await people(world, 'alice', 'bob');
  const problem = await postProblem(bob);
  const { game } = await bob.api.game.createCollabCode({
    title: 'Against the clock',
    isPrivate: false,
    problemId: problem.id,
    timeLimit: 5,
  });
  return { world, alice, bob, id: game.id };
}

describe('the server ends CollabCode games at their deadline', () => {
  it('with nobody connected: OVER, no winners, the state published; edits refused after', async () => {
    const { world, alice, bob, id } = await timedGame();
    const fake = fakeClock(Date.now());
    const timer = createGameTimer(world.deps, fake.clock);
    await timer.start();
    expect(timer.scheduled().size).toBe(0);
    const joined = await alice.api.game.join({ id });
    // The timer heard the first join's state event and knows the deadline.
    expect(timer.scheduled()).toEqual(new Map([[id, joined.game.deadline]]));
    const lobby = await world.readEvents(bob.api.game.onLobby({}));

    fake.advance(joined.game.deadline! - 1000 - fake.clock.now());
    await timer.idle();
    expect((await bob.api.game.byId({ id })).status).toBe('IN_PROGRESS');
    fake.advance(1000);
    await timer.idle();
    const { testResults, ...ended } = await bob.api.game.byId({ id });
    expect(ended).toMatchObject({ status: 'OVER', state: { winners: [] } });
    expect((await lobby.next()).data).toEqual({ type: 'state', game: ended });
    // The final code was tested at time-up: the results reach the room, the score the end reason.
    expect(testResults).toMatchObject({ final: true, by: '' });
    expect(ended.state.endReason).toEqual({
      kind: 'timeUp',
      passed: 0,
      total: testResults?.results.length,
    });
    expect(timer.scheduled().size).toBe(0);
    await expectError(
      alice.api.game.setCode({ id, code: 'too late' }),
      'BAD_REQUEST',
      gameMessages.gameOver,
    );
    await timer.stop();
  });

  it('at start-up it schedules the games already in progress; stop clears every alarm', async () => {
    const { world, alice, id } = await timedGame();
    await alice.api.game.join({ id });
    const fake = fakeClock(Date.now());
    const timer = createGameTimer(world.deps, fake.clock);
    await timer.start();
    expect([...timer.scheduled().keys()]).toEqual([id]);
    expect(fake.pending()).toBe(1);
    await timer.stop();
    expect(fake.pending()).toBe(0);
  });

  it('ends a game once when two processes’ timers (and a late alarm) ring at its deadline', async () => {
    const { world, alice, bob, id } = await timedGame();
    const fake = fakeClock(Date.now());
    const here = createGameTimer(world.deps, fake.clock);
    const there = createGameTimer(world.deps, fake.clock);
    await here.start();
    await there.start();
    const joined = await alice.api.game.join({ id });
    const room = await world.readEvents(bob.api.game.onRoom({ id }));
    fake.advance(joined.game.deadline! - fake.clock.now());
    await Promise.all([here.idle(), there.idle()]);
    // A late alarm of a restarted process finds the game over and writes nothing.
    await endTimedOutGame(world.deps, id, fake.clock.now() + 60_000);
    // A marker published after every end: what comes before it is all the room heard.
    await world.publish('game', id, { type: 'state', game: await bob.api.game.byId({ id }) });
    const [final, ended, marker] = await room.take(3);
    expect(final?.data).toMatchObject({ type: 'testResults', final: true });
    expect(ended?.data).toMatchObject({ type: 'state', game: { status: 'OVER' } });
    // (The marker is byId's view, which adds the room's latest results for a player.)
    expect(marker?.data).toMatchObject(ended?.data ?? {});
    await here.stop();
    await there.stop();
  });

  it('a game that ended otherwise (all tests passed, everyone left) is not ended again', async () => {
    const { world, alice, id } = await timedGame();
    const fake = fakeClock(Date.now());
    const timer = createGameTimer(world.deps, fake.clock);
    await timer.start();
    await alice.api.game.join({ id });
    await alice.api.game.setCode({ id, code: 'function add(a, b) { return a + b; }' });
    const { game } = await alice.api.game.runTests({ id });
    expect(game).toMatchObject({ status: 'OVER', state: { winners: ['bob', 'alice'] } });
    expect(timer.scheduled().size).toBe(0);
    fake.advance(10 * 60_000);
    await timer.idle();
    expect((await alice.api.game.byId({ id })).state.winners).toEqual(['bob', 'alice']);
    await timer.stop();
  });
});
