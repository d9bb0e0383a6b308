import { describe, expect, it } from 'vitest';
import { findSessionUser } from '../src/core/viewer';
import { whileSignedIn } from '../src/events/signed-in';
import { createTestWorld } from './helpers';

describe('live streams end with the session', () => {
  it("a copied cookie's open stream stops once the owner logs out", async () => {
    const world = await createTestWorld();
    const owner = await world.signedIn('alice');
    const viewer = (await findSessionUser(world.db, owner.session.sessionId!))!;
    const outer = new AbortController();
    const signal = whileSignedIn(world.db, viewer, outer.signal, 10);
    expect(signal.aborted).toBe(false);
    await owner.api.auth.logout();
    await expect.poll(() => signal.aborted).toBe(true);
  });

  it('stays open while the session lasts, and stops when the client leaves', async () => {
    const world = await createTestWorld();
    const owner = await world.signedIn('alice');
    const viewer = (await findSessionUser(world.db, owner.session.sessionId!))!;
    const outer = new AbortController();
    const signal = whileSignedIn(world.db, viewer, outer.signal, 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal.aborted).toBe(false);
    outer.abort();
    expect(signal.aborted).toBe(true);
  });
});
