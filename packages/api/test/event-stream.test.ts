import { connectionMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  appRouter,
  createCallerFactory,
  createContext,
  createMemorySessionStore,
  type EventBus,
} from '../src';
import { streamEvents } from '../src/events/stream';
import { createTestWorld, type TestWorld } from './helpers';
import { expectError } from './messaging-fixtures';

const createCaller = createCallerFactory(appRouter);

/** What a stream yields: tRPC's tracked envelope, whose first element is the event's id. */
const idOf = (item: IteratorResult<unknown>) => (item.value as [string])[0];

const viewed = (world: TestWorld, viewCount: number) =>
  world.publish('question', 1, { type: 'viewed', qid: 1, viewCount });

describe('a resumed stream: replay, then live', () => {
  it('an event published while the backlog is read, so both in the replay and live, comes once', async () => {
    const world = await createTestWorld();
    const real = world.deps.events;
    const first = await viewed(world, 1);
    const second = await viewed(world, 2);
    // The stream listens before it reads the backlog: an event published in between is both in
    // what the replay reads and in the live queue.
    let during: { id: string } | null = null;
    const bus: EventBus = {
      ...real,
      async replay(topic, key, afterId, limit) {
        during ??= await viewed(world, 3);
        return real.replay(topic, key, afterId, limit);
      },
    };
    const live = new AbortController();
    const stream = streamEvents(bus, {
      topic: 'question',
      key: 1,
      lastEventId: first.id,
      signal: live.signal,
    });
    expect(idOf(await stream.next())).toBe(second.id);
    expect(idOf(await stream.next())).toBe(during!.id);
    const later = await viewed(world, 4);
    // The live queue holds `during` again, then `later`: the next one out must be `later`.
    expect(idOf(await stream.next())).toBe(later.id);
    live.abort();
    await stream.return(undefined);
  });
});

describe('subscription places on a WebSocket', () => {
  it('a stream that fails frees its place: the socket at its cap can subscribe again', async () => {
    const world = await createTestWorld();
    world.deps.caps.subscriptionsPerSocket = 1;
    const alice = await world.signedIn('alice');
    const socket = createCaller(
      createContext(world.deps, {
        session: createMemorySessionStore(alice.session.sessionId),
        clientAddress: '127.0.0.1',
        transport: 'ws',
      }),
    );
    const real = world.deps.events.replay;
    world.deps.events.replay = () => Promise.reject(new Error('the event store is unreachable'));
    try {
      for (let i = 0; i < 3; i++) {
        const failing = await socket.question.onQuestionUpdated({ qid: 1, lastEventId: '1' });
        await expect(failing[Symbol.asyncIterator]().next()).rejects.toThrow(
          'the event store is unreachable',
        );
      }
    } finally {
      world.deps.events.replay = real;
    }
    // Three streams failed on a socket allowed one: had any kept its place, this would be refused.
    const ok = await socket.question.onQuestionChanged();
    await expectError(
      socket.message.onMessage(),
      'TOO_MANY_REQUESTS',
      connectionMessages.tooManySubscriptions,
    );
    await ok[Symbol.asyncIterator]().return?.();
  });
});
