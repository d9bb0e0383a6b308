import { sessions } from '@app/db';
import { describe, expect, it } from 'vitest';
import { createContext, createMemorySessionStore } from '../src/context';
import { appRouter } from '../src/root';
import { createTestWorld } from './helpers';

describe('the session, read per call or per request', () => {
  it('is read on every call: a session that ended between two calls is refused at once', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    expect((await alice.api.auth.me())?.username).toBe('alice');
    await world.db.delete(sessions);
    await expect(alice.api.chat.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('is read once for all the calls of one request whose context keeps it', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const ctx = createContext(world.deps, {
      session: createMemorySessionStore(alice.session.sessionId),
      clientAddress: '127.0.0.1',
      transport: 'http',
    });
    ctx.viewersThisRequest = new Map();
    const request = appRouter.createCaller(ctx);
    expect(await request.chat.list()).toEqual([]);
    await world.db.delete(sessions);
    // The same request goes on as the user it began as; the next request is refused.
    expect(await request.chat.list()).toEqual([]);
    await expect(alice.api.chat.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
