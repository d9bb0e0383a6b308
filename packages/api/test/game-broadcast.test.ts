import { events } from '@app/db';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { streamBroadcasts } from '../src/events/presence-stream';
import { createTestWorld } from './helpers';

const presence = (from: string) => ({ gameId: 'g1', update: 'AQID', from });

describe('EventBus.broadcast: ephemeral, live listeners only', () => {
  it('reaches the listeners of its key, now, and is never stored', async () => {
    const { db, deps } = await createTestWorld();
    const bus = deps.events;
    const heard: unknown[] = [];
    const other: unknown[] = [];
    const stop = await bus.subscribeBroadcast('gamePresence', 'g1', (p) => heard.push(p));
    await bus.subscribeBroadcast('gamePresence', 'g2', (p) => other.push(p));
    await bus.broadcast('gamePresence', 'g1', presence('alice'));
    expect(heard).toEqual([presence('alice')]);
    expect(other).toEqual([]);
    expect(Object.isFrozen(heard[0])).toBe(true);
    stop();
    await bus.broadcast('gamePresence', 'g1', presence('bob'));
    expect(heard).toHaveLength(1);
    expect(await db.select({ n: count() }).from(events)).toEqual([{ n: 0 }]);
    expect(await bus.replay('game', 'g1', '0', 10)).toEqual([]);
  });

  it('does not mix with stored events of a topic of the same name, and one broken listener spares the rest', async () => {
    const bus = (await createTestWorld()).deps.events;
    const stored: unknown[] = [];
    await bus.subscribe('game', 'g1', (e) => stored.push(e));
    await bus.subscribeBroadcast('gamePresence', 'g1', () => {
      throw new Error('broken');
    });
    const heard: unknown[] = [];
    await bus.subscribeBroadcast('gamePresence', 'g1', (p) => heard.push(p));
    const error = console.error;
    console.error = () => {};
    try {
      await bus.broadcast('gamePresence', 'g1', presence('alice'));
    } finally {
      console.error = error;
    }
    expect(heard).toHaveLength(1);
    expect(stored).toEqual([]);
  });

  it('the stream helper yields what is said while it listens, filtered by allow, and ends on abort', async () => {
    const bus = (await createTestWorld()).deps.events;
    await bus.broadcast('gamePresence', 'g1', presence('before'));
    const controller = new AbortController();
    const stream = streamBroadcasts(bus, {
      topic: 'gamePresence',
      key: 'g1',
      signal: controller.signal,
      allow: (p) => p.from !== 'me',
    });
    const first = stream.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await bus.broadcast('gamePresence', 'g1', presence('me'));
    await bus.broadcast('gamePresence', 'g1', presence('alice'));
    expect((await first).value).toEqual(presence('alice'));
    const done = stream.next();
    controller.abort();
    expect(await done).toEqual({ done: true, value: undefined });
  });
});
