import { events as eventsTable, firstRow, games } from '@app/db';
import { authMessages, gameMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld, type TestClient } from './helpers';
import { expectError, people } from './messaging-fixtures';

async function nimWorld() {
  const world = await createTestWorld();
  const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
  return { world, alice, bob, carol };
}

async function startedNim(creator: TestClient, p1: TestClient, p2: TestClient) {
  const { game } = await creator.api.game.createNim({
    seatCreator: false,
    title: 'Nim for two',
    isPrivate: false,
  });
  await p1.api.game.join({ id: game.id });
  await p2.api.game.join({ id: game.id });
  return game.id;
}

describe('Nim: create, list, join, move, leave', () => {
  it('creates a waiting game (the creator not seated) that the lobby lists newest first', async () => {
    const { alice, bob } = await nimWorld();
    const first = await alice.api.game.createNim({
      seatCreator: false,
      title: '  First game ',
      isPrivate: false,
    });
    expect(first.game).toMatchObject({
      title: 'First game',
      gameType: 'Nim',
      status: 'WAITING_TO_START',
      players: [],
      isPrivate: false,
      deadline: null,
    });
    expect(first.game.state).toMatchObject({ remainingObjects: 21, moves: [], winners: [] });
    expect(first.event.payload).toEqual({ type: 'state', game: first.game });
    const second = await bob.api.game.createNim({
      seatCreator: false,
      title: 'Second game',
      isPrivate: false,
    });
    expect((await bob.api.game.list()).map((g) => g.id)).toEqual([second.game.id, first.game.id]);
    expect(await bob.api.game.list({ gameType: 'CollabCode' })).toEqual([]);
    expect((await bob.api.game.list({ gameType: 'Nim', status: 'WAITING_TO_START' })).length).toBe(
      2,
    );
    expect(await bob.api.game.list({ status: 'OVER' })).toEqual([]);
    expect(await bob.api.game.byId({ id: first.game.id })).toEqual(first.game);
  });

  it('seats players in join order, starts with two, plays by turns until the last object loses', async () => {
    const { alice, bob, carol } = await nimWorld();
    const { game } = await carol.api.game.createNim({
      seatCreator: false,
      title: 'Nim for two',
      isPrivate: false,
    });
    expect((await alice.api.game.join({ id: game.id })).game.status).toBe('WAITING_TO_START');
    const joined = await bob.api.game.join({ id: game.id });
    expect(joined.game).toMatchObject({ status: 'IN_PROGRESS', players: ['alice', 'bob'] });
    await expectError(carol.api.game.join({ id: game.id }), 'BAD_REQUEST', gameMessages.gameFull);

    const takes = [3, 3, 3, 3, 3, 3, 2]; // 20 taken, 1 left, bob to move
    let last;
    for (const [i, n] of takes.entries()) {
      last = await (i % 2 === 0 ? alice : bob).api.game.nimMove({ id: game.id, numObjects: n });
    }
    expect(last?.game.state).toMatchObject({ remainingObjects: 1, status: 'IN_PROGRESS' });
    const end = await bob.api.game.nimMove({ id: game.id, numObjects: 1 });
    expect(end.game).toMatchObject({ status: 'OVER', state: { winners: ['alice'] } });
    expect(end.event.payload).toEqual({ type: 'state', game: end.game });
    await expectError(
      alice.api.game.nimMove({ id: game.id, numObjects: 1 }),
      'BAD_REQUEST',
      gameMessages.gameOver,
    );
  });

  it('refuses a move out of turn, by a non-player, or out of range, and changes nothing', async () => {
    const { world, alice, bob, carol } = await nimWorld();
    const id = await startedNim(carol, alice, bob);
    const before = await carol.api.game.byId({ id });
    const room = await world.readEvents(carol.api.game.onRoom({ id }));
    await expectError(
      bob.api.game.nimMove({ id, numObjects: 1 }),
      'BAD_REQUEST',
      gameMessages.notYourTurn,
    );
    await expectError(
      carol.api.game.nimMove({ id, numObjects: 1 }),
      'FORBIDDEN',
      gameMessages.notAPlayer,
    );
    await expect(alice.api.game.nimMove({ id, numObjects: 4 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expectError(
      alice.api.game.nimMove({ id: 'no-such-game', numObjects: 1 }),
      'NOT_FOUND',
      gameMessages.gameNotFound,
    );
    expect(await carol.api.game.byId({ id })).toEqual(before);
    // No event for any refusal: the next one the room hears is alice's real move.
    await alice.api.game.nimMove({ id, numObjects: 2 });
    const next = await room.next();
    expect(next.data).toMatchObject({ type: 'state', game: { state: { remainingObjects: 19 } } });
  });

  it('refuses a signed-out caller everything', async () => {
    const { world, alice } = await nimWorld();
    const { game } = await alice.api.game.createNim({
      seatCreator: false,
      title: 'Nim for two',
      isPrivate: false,
    });
    const anon = world.client().api;
    const unauthorized = (call: Promise<unknown>) =>
      expectError(call, 'UNAUTHORIZED', authMessages.notSignedIn);
    await unauthorized(anon.game.list());
    await unauthorized(anon.game.byId({ id: game.id }));
    await unauthorized(
      anon.game.createNim({ seatCreator: false, title: 'Sneaky game', isPrivate: false }),
    );
    await unauthorized(anon.game.join({ id: game.id }));
    await unauthorized(anon.game.nimMove({ id: game.id, numObjects: 1 }));
    await unauthorized(anon.game.leave({ id: game.id }));
  });

  it('leaving while waiting frees the seat; leaving in progress forfeits to the opponent', async () => {
    const { alice, bob, carol } = await nimWorld();
    const { game } = await carol.api.game.createNim({
      seatCreator: false,
      title: 'Nim for two',
      isPrivate: false,
    });
    await alice.api.game.join({ id: game.id });
    expect((await alice.api.game.leave({ id: game.id })).game.players).toEqual([]);
    await bob.api.game.join({ id: game.id });
    await carol.api.game.join({ id: game.id });
    await expectError(alice.api.game.leave({ id: game.id }), 'FORBIDDEN', gameMessages.notAPlayer);
    const left = await bob.api.game.leave({ id: game.id });
    expect(left.game).toMatchObject({ status: 'OVER', state: { winners: ['carol'] } });
  });

  it('the lobby stream hears every game state change, resumably', async () => {
    const { world, alice, bob } = await nimWorld();
    const lobby = await world.readEvents(bob.api.game.onLobby({}));
    const { game } = await alice.api.game.createNim({
      seatCreator: false,
      title: 'Nim for two',
      isPrivate: false,
    });
    const created = await lobby.next();
    expect(created.data).toEqual({ type: 'state', game });
    await bob.api.game.join({ id: game.id });
    expect((await lobby.next()).data).toMatchObject({ game: { players: ['bob'] } });
    const resumed = await world.readEvents(bob.api.game.onLobby({ lastEventId: created.id }));
    expect((await resumed.next()).data).toMatchObject({ game: { players: ['bob'] } });
  });
});

describe('private games', () => {
  async function privateGame() {
    const world = await createTestWorld();
    const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
    const lobby = await world.readEvents(carol.api.game.onLobby({}));
    const created = await alice.api.game.createNim({
      seatCreator: false,
      title: 'Secret room',
      isPrivate: true,
      password: ' sesame ',
    });
    return { world, alice, bob, carol, lobby, created, id: created.game.id };
  }

  it('stores only a hash: no reply, list or event carries the password or its hash', async () => {
    const { world, bob, carol, lobby, created, id } = await privateGame();
    expect(created.game.isPrivate).toBe(true);
    await bob.api.game.join({ id, password: 'sesame' });
    const seen = [
      created,
      await carol.api.game.list(),
      await carol.api.game.byId({ id }),
      await lobby.take(2),
    ];
    const text = JSON.stringify(seen);
    expect(text).not.toContain('sesame');
    expect(text).not.toContain('scrypt');
    const stored = await firstRow(
      world.db.select({ passwordHash: games.passwordHash }).from(games),
    );
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    const events = JSON.stringify(
      await world.db.select({ payload: eventsTable.payload }).from(eventsTable),
    );
    expect(events).not.toContain('sesame');
    expect(events).not.toContain('scrypt');
  });

  it('verifyPassword says whether it matches (trimmed); a public game needs none', async () => {
    const { alice, bob, id } = await privateGame();
    expect(await bob.api.game.verifyPassword({ id, password: 'sesame' })).toEqual({ ok: true });
    expect(await bob.api.game.verifyPassword({ id, password: 'Sesame' })).toEqual({ ok: false });
    const open = await alice.api.game.createNim({
      seatCreator: false,
      title: 'Open room',
      isPrivate: false,
    });
    expect(await bob.api.game.verifyPassword({ id: open.game.id, password: 'x' })).toEqual({
      ok: true,
    });
  });

  it('join wants the right password; a wrong one changes nothing', async () => {
    const { bob, carol, id } = await privateGame();
    await expectError(bob.api.game.join({ id }), 'FORBIDDEN', gameMessages.passwordRequired);
    await expectError(
      bob.api.game.join({ id, password: 'wrong' }),
      'FORBIDDEN',
      gameMessages.incorrectPassword,
    );
    expect((await carol.api.game.byId({ id })).players).toEqual([]);
    expect((await bob.api.game.join({ id, password: 'sesame' })).game.players).toEqual(['bob']);
  });

  it('wrong guesses are limited per user and game (5 a minute); others are not affected', async () => {
    const { bob, carol, id } = await privateGame();
    for (let i = 0; i < 5; i++) {
      expect(await bob.api.game.verifyPassword({ id, password: `guess${i}` })).toEqual({
        ok: false,
      });
    }
    await expectError(
      bob.api.game.verifyPassword({ id, password: 'sesame' }),
      'TOO_MANY_REQUESTS',
      gameMessages.tooManyPasswordAttempts,
    );
    await expectError(
      bob.api.game.join({ id, password: 'sesame' }),
      'TOO_MANY_REQUESTS',
      gameMessages.tooManyPasswordAttempts,
    );
    expect(await carol.api.game.verifyPassword({ id, password: 'sesame' })).toEqual({ ok: true });
  });
});
