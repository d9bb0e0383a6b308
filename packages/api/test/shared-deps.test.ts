import { createTestDb } from '@app/db';
import { describe, expect, it } from 'vitest';
import { createApiDeps, createContext, createMemorySessionStore } from '../src';
import { createTestWorld, testSandbox } from './helpers';

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
    expect(await events.next()).toEqual({ id: event.id, data: event.payload });
    live.abort();
  });

  it('a context is exactly the deps it was given and its request: nothing is defaulted', async () => {
    const deps = await createApiDeps(createTestDb(), { sandbox: testSandbox });
    const session = createMemorySessionStore();
    const ctx = createContext(deps, { session, clientAddress: '1.2.3.4', transport: 'http' });
    expect(ctx).toEqual({ deps, session, clientAddress: '1.2.3.4', transport: 'http' });
  });
});
