import { gameMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createShared } from '../src';
import { createGamePasswordPasses, PASSWORD_PASS_MS } from '../src/domains/games/game-membership';
import { createTestDatabase, createTestWorld } from './helpers';
import { expectError, people } from './messaging-fixtures';
import { useClock } from './question-fixtures';

const clock = useClock();

async function privateRoom() {
  const world = await createTestWorld();
  const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
  const { game } = await alice.api.game.createNim({
    seatCreator: false,
    title: 'Secret room',
    isPrivate: true,
    password: 'sesame',
  });
  return { alice, bob, carol, id: game.id };
}

describe('a right answer to the password prompt lets the same user join without it', () => {
  it('verify, then join with only the game id (the original client), for that user only', async () => {
    const { bob, carol, id } = await privateRoom();
    await expectError(bob.api.game.join({ id }), 'FORBIDDEN', gameMessages.passwordRequired);
    expect(await bob.api.game.verifyPassword({ id, password: 'wrong' })).toEqual({ ok: false });
    await expectError(bob.api.game.join({ id }), 'FORBIDDEN', gameMessages.passwordRequired);
    expect(await bob.api.game.verifyPassword({ id, password: 'sesame' })).toEqual({ ok: true });
    expect((await bob.api.game.join({ id })).game.players).toEqual(['bob']);
    // Bob's right answer is not Carol's.
    await expectError(carol.api.game.join({ id }), 'FORBIDDEN', gameMessages.passwordRequired);
  });

  it('is kept for a bounded time, per user and game', async () => {
    const passes = createGamePasswordPasses(
      { db: await createTestDatabase(), shared: createShared() },
      1000,
    );
    await passes.grant(1, 'g');
    clock.tick(999);
    expect(await passes.has(1, 'g')).toBe(true);
    expect(await passes.has(2, 'g')).toBe(false);
    expect(await passes.has(1, 'h')).toBe(false);
    clock.tick(1);
    expect(await passes.has(1, 'g')).toBe(false);
    expect(PASSWORD_PASS_MS).toBe(10 * 60 * 1000);
  });
});
