import { gameMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createGamePasswordPasses, PASSWORD_PASS_MS } from '../src/services/games/game-membership';
import { createTestWorld } from './helpers';
import { expectError, people } from './messaging-fixtures';

async function privateRoom() {
  const world = await createTestWorld();
  const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
  const { game } = await alice.api.game.createNim({
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
    const passes = createGamePasswordPasses(1000, 2);
    await passes.grant(1, 'g', 0);
    expect(await passes.has(1, 'g', 999)).toBe(true);
    expect(await passes.has(1, 'g', 1000)).toBe(false);
    expect(await passes.has(2, 'g', 10)).toBe(false);
    expect(await passes.has(1, 'h', 10)).toBe(false);
    // Never more than maxEntries: expired ones go first, then everything.
    await passes.grant(1, 'a', 5000);
    await passes.grant(1, 'b', 5000);
    await passes.grant(1, 'c', 5000);
    expect(await passes.has(1, 'c', 5001)).toBe(true);
    expect(PASSWORD_PASS_MS).toBe(10 * 60 * 1000);
  });
});
