import { authMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { addressKey, createMemoryRateLimiter, MAX_RATE_LIMIT_KEYS } from '../src';
import { createTestWorld, TEST_PASSWORD, type TestClient } from './helpers';
import { expectError } from './messaging-fixtures';

const wrong = (client: TestClient, password = 'wrong-guess') =>
  expectError(
    client.api.auth.login({ username: 'victim', password }),
    'UNAUTHORIZED',
    authMessages.invalidCredentials,
  );
const refused = (client: TestClient, password = 'wrong-guess') =>
  expectError(
    client.api.auth.login({ username: 'victim', password }),
    'TOO_MANY_REQUESTS',
    authMessages.tooManyAttempts,
  );

describe('a full rate limiter forgets what matters least, never a lockout', () => {
  it('a lockout still holds after a flood of made-up names and addresses fills every login limiter', async () => {
    const world = await createTestWorld();
    await world.signedIn('victim');
    const attacker = world.client({ address: '198.51.100.66' });
    for (let i = 0; i < 5; i++) await wrong(attacker, `guess-${i}-guess`);
    await refused(attacker);

    // More fresh keys than a limiter keeps, in each of the three login limiters: what 10,000
    // batches of ten logins for made-up names from many addresses leave behind.
    const { loginByAddress, loginByUsernameAndAddress, loginByUsername } = world.deps.limiters;
    for (let i = 0; i < 1.2 * MAX_RATE_LIMIT_KEYS; i++) {
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      await loginByAddress.tryConsume(address);
      await loginByUsernameAndAddress.tryConsume(`made-up-${i}\n${address}`);
      await loginByUsername.tryConsume(`made-up-${i}`);
    }
    expect(loginByUsernameAndAddress.keys()).toBeLessThanOrEqual(MAX_RATE_LIMIT_KEYS);

    // Even the right password does not get through for the locked-out pair.
    await refused(attacker, TEST_PASSWORD);
  }, 60_000);

  it('forgets the keys with the fewest attempts first, and among equals the one ending soonest', async () => {
    const limiter = createMemoryRateLimiter({ max: 3, windowMs: 60_000 }, { maxKeys: 10 });
    for (let i = 0; i < 3; i++) await limiter.tryConsume('locked', { now: 0 });
    for (let i = 0; i < 9; i++) await limiter.tryConsume(`fresh-${i}`, { now: 1 + i });
    await limiter.tryConsume('fresh-0', { now: 20 });
    // Full: the eleventh key makes room down to nine tenths, taking fresh-1 and fresh-2 (one
    // attempt each, ending soonest) and keeping fresh-0 (two attempts) and the lockout.
    await limiter.tryConsume('newcomer', { now: 30 });
    expect(limiter.keys()).toBe(9);
    expect(await limiter.tryConsume('locked', { now: 40 })).toBe(false);
    expect(await limiter.tryConsume('fresh-0', { now: 40 })).toBe(true);
    expect(await limiter.tryConsume('fresh-0', { now: 40 })).toBe(false);
    expect(limiter.keys()).toBe(9);
    // fresh-1 was forgotten: it starts over with a new key.
    expect(await limiter.tryConsume('fresh-1', { now: 40 })).toBe(true);
    expect(limiter.keys()).toBe(10);
  });

  it('when full, forgets the windows that have ended first', async () => {
    const limiter = createMemoryRateLimiter({ max: 3, windowMs: 1000 }, { maxKeys: 10 });
    for (let i = 0; i < 3; i++) await limiter.tryConsume('locked', { now: 500 });
    for (let i = 0; i < 9; i++) await limiter.tryConsume(`early-${i}`, { now: 0 });
    await limiter.tryConsume('late', { now: 1000 });
    expect(limiter.keys()).toBe(2);
    expect(await limiter.tryConsume('locked', { now: 1000 })).toBe(false);
  });
});

describe('an attempt another limiter refused leaves no key behind', () => {
  it('a login refused by the per-username limit keeps nothing for its address or its pair', async () => {
    const world = await createTestWorld({
      limits: { loginByUsername: { max: 1, windowMs: 3_600_000 } },
    });
    await world.signedIn('victim');
    await wrong(world.client({ address: '198.51.100.1' }));
    const { loginByAddress, loginByUsernameAndAddress } = world.deps.limiters;
    expect([loginByAddress.keys(), loginByUsernameAndAddress.keys()]).toEqual([1, 1]);
    for (let i = 2; i < 12; i++) await refused(world.client({ address: `198.51.100.${i}` }));
    expect([loginByAddress.keys(), loginByUsernameAndAddress.keys()]).toEqual([1, 1]);
  });

  it('a refused attempt makes no key in its own limiter either', async () => {
    const limiter = createMemoryRateLimiter({ max: 2, windowMs: 60_000 });
    expect(await limiter.tryConsume('big', { cost: 3 })).toBe(false);
    expect(limiter.keys()).toBe(0);
  });
});

describe('IPv6 clients are counted by their /64', () => {
  it('reads IPv6 addresses as their /64 and IPv4 (mapped or not) as the address', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('unknown')).toBe('unknown');
  });

  it('a lockout from one address of a /64 holds for every other address in it, not the next /64', async () => {
    const world = await createTestWorld();
    await world.signedIn('victim');
    const first = world.client({ address: '2001:db8:1:2::1' });
    for (let i = 0; i < 5; i++) await wrong(first);
    await refused(world.client({ address: '2001:db8:1:2:ffff:abcd:0:9' }), TEST_PASSWORD);
    await wrong(world.client({ address: '2001:db8:1:3::1' }));
  });
});
