import { describe, expect, it } from 'vitest';
import { limitMessages } from '@app/validators';
import { appRouter, createCallerFactory, createContext, createMemorySessionStore } from '../src';
import { createTestWorld } from './helpers';

const createCaller = createCallerFactory(appRouter);

describe('one set of shared dependencies for every door', () => {
  it('a write through one context reaches a subscriber and a cached list read through another', async () => {
    const world = await createTestWorld();
    // Two requests, each with its own context, as the HTTP handler and the WebSocket build them.
    const writer = await world.signedIn('writer');
    const reader = await world.signedIn('reader');
    expect((await reader.api.question.list()).items).toEqual([]); // cached now, empty
    const live = new AbortController();
    const events = await world.readEvents(reader.listen(live.signal).question.onQuestionChanged());

    const { question, event } = await writer.api.question.create({
      title: 'Seen through the other door',
      text: 'Body',
      tags: ['doors'],
    });

    expect((await reader.api.question.list()).items.map((q) => q.id)).toEqual([question.id]);
    expect(await events.next()).toEqual({ id: event!.id, data: event!.payload });
    live.abort();
  });

  it('contexts built from one set of deps share its limits, counted by the address each was given', async () => {
    const { deps } = await createTestWorld({ limits: { signups: { max: 1, windowMs: 60_000 } } });
    const callerAt = (clientAddress: string) =>
      createCaller(
        createContext(deps, {
          session: createMemorySessionStore(),
          clientAddress,
          transport: 'http',
        }),
      );
    await callerAt('1.2.3.4').auth.signup({ username: 'first', password: 'password123' });
    // Another request from the same address, with a context of its own: the same limit.
    await expect(
      callerAt('1.2.3.4').auth.signup({ username: 'second', password: 'password123' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: limitMessages.signups });
    // Another address is counted apart.
    await callerAt('5.6.7.8').auth.signup({ username: 'third', password: 'password123' });
  });
});
