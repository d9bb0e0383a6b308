import { messagingMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, parseRateLimit } from '../src';
import { createTestWorld } from './helpers';
import { chatWith, expectError, people } from './messaging-fixtures';
import { useClock } from './question-fixtures';

const clock = useClock();

describe('sending is rate-limited per user', () => {
  it('refuses the 11th message in 10 seconds with the slow-down sentence, and writes nothing', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (let i = 1; i <= 10; i++) await alice.api.message.send({ msg: `message ${i}` });
    await expectError(
      alice.api.message.send({ msg: 'one too many' }),
      'TOO_MANY_REQUESTS',
      messagingMessages.slowDown,
    );
    const { items } = await alice.api.message.list();
    expect(items).toHaveLength(10);
    expect(items.at(-1)?.msg).toBe('message 10');
  });

  it('counts global and chat messages together', async () => {
    const world = await createTestWorld();
    const { alice } = await people(world, 'alice', 'bob');
    const chatId = await chatWith(alice, 'bob');
    for (let i = 0; i < 5; i++) await alice.api.message.send({ msg: `global ${i}` });
    for (let i = 0; i < 5; i++) await alice.api.chat.send({ chatId, msg: `direct ${i}` });
    await expectError(
      alice.api.chat.send({ chatId, msg: 'one too many' }),
      'TOO_MANY_REQUESTS',
      messagingMessages.slowDown,
    );
    await expectError(
      alice.api.message.send({ msg: 'one too many' }),
      'TOO_MANY_REQUESTS',
      messagingMessages.slowDown,
    );
    expect((await alice.api.chat.messages({ chatId })).items).toHaveLength(5);
  });

  it('counts each user on their own', async () => {
    const world = await createTestWorld();
    const { alice, bob } = await people(world, 'alice', 'bob');
    for (let i = 0; i < 10; i++) await alice.api.message.send({ msg: `alice ${i}` });
    await expect(bob.api.message.send({ msg: 'bob is fine' })).resolves.toBeDefined();
  });

  it('lets the sender go on once the window has passed', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    for (let i = 0; i < 10; i++) await alice.api.message.send({ msg: `burst ${i}` });
    clock.tick(10_000);
    await expect(alice.api.message.send({ msg: 'later' })).resolves.toBeDefined();
  });

  it('counts a burst of concurrent sends before writing: exactly 10 of 15 are written', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) => alice.api.message.send({ msg: `burst ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect((await alice.api.message.list()).items).toHaveLength(10);
  });

  it('a refused message (not a participant) does not use up the sender’s allowance', async () => {
    const world = await createTestWorld();
    const { alice, carol } = await people(world, 'alice', 'bob', 'carol');
    const chatId = await chatWith(alice, 'bob');
    for (let i = 0; i < 12; i++) {
      await expect(carol.api.chat.send({ chatId, msg: 'let me in' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    await expect(carol.api.message.send({ msg: 'still allowed' })).resolves.toBeDefined();
  });

  it('every message acknowledged under the limit is stored and published', async () => {
    const world = await createTestWorld({ limits: { messages: { max: 3, windowMs: 1000 } } });
    const alice = await world.signedIn('alice');
    const acknowledged = [];
    for (let i = 0; i < 5; i++) {
      const sent = await alice.api.message.send({ msg: `m${i}` }).catch(() => null);
      if (sent) acknowledged.push(sent);
    }
    expect(acknowledged).toHaveLength(3);
    const stored = (await alice.api.message.list()).items;
    expect(stored).toEqual(acknowledged.map((a) => a.message));
    const replay = await world.deps.events.replay('message', null, '0', 100);
    expect(replay.map((e) => e.id)).toEqual(acknowledged.map((a) => a.event?.id));
  });
});

describe('rate limit settings', () => {
  it('default to 10 messages in 10 seconds', () => {
    expect(DEFAULT_RATE_LIMITS.messages).toEqual({ max: 10, windowMs: 10_000 });
  });

  it('read "count/window" with a unit', () => {
    expect(parseRateLimit('10/10s')).toEqual({ max: 10, windowMs: 10_000 });
    expect(parseRateLimit(' 600 / 1m ')).toEqual({ max: 600, windowMs: 60_000 });
    expect(parseRateLimit('5/250ms')).toEqual({ max: 5, windowMs: 250 });
    expect(parseRateLimit('100/1h')).toEqual({ max: 100, windowMs: 3_600_000 });
    for (const bad of ['', '10', '10/10', '0/10s', '10/0s', 'ten/10s', '10/10d', '-1/10s']) {
      expect(() => parseRateLimit(bad)).toThrow(/count\/window/);
    }
  });
});
