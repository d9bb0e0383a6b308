import { authMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { rateLimits, type Db } from '@app/db';
import { addressKey, createRateLimiters, createShared } from '../src';
import { createTestDatabase, createTestWorld, TEST_PASSWORD, type TestClient } from './helpers';
import { expectError } from './messaging-fixtures';
import { useClock } from './question-fixtures';

const clock = useClock();

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

/** The rows of the shared store whose key starts with `prefix` (`rl:<kind>:`). */
const rowsOf = async (db: Db, prefix: string) =>
  (await db.select().from(rateLimits)).filter((row) => row.key.startsWith(prefix));

describe('the store forgets a window only when it has ended, so no flood flushes a lockout', () => {
  it('a lockout still holds after a flood of made-up names and addresses through every login limiter', async () => {
    const world = await createTestWorld();
    await world.signedIn('victim');
    const attacker = world.client({ address: '198.51.100.66' });
    for (let i = 0; i < 5; i++) await wrong(attacker, `guess-${i}-guess`);
    await refused(attacker);

    // What a thousand batches of ten logins for made-up names from many addresses leave behind.
    const { loginByAddress, loginByUsernameAndAddress, loginByUsername } = world.deps.limiters;
    const flood = 10_000;
    const login = async (i: number) => {
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      await loginByAddress.tryConsume(address);
      await loginByUsernameAndAddress.tryConsume(`made-up-${i}\n${address}`);
      await loginByUsername.tryConsume(`made-up-${i}`);
    };
    // The ten of a batch at once, as a server takes them (PostgreSQL answers them side by side).
    for (let batch = 0; batch < flood; batch += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => login(batch + i)));
    }
    // Every window is still in the table: nothing was pushed out to make room.
    expect(await rowsOf(world.db, 'rl:loginByUsernameAndAddress:')).toHaveLength(flood + 1);

    // Even the right password does not get through for the locked-out pair.
    await refused(attacker, TEST_PASSWORD);
  }, 60_000);

  it('sweeps the windows that have ended out of the table, and keeps a lockout whose window has not', async () => {
    const db = await createTestDatabase();
    const { loginByUsernameAndAddress, views } = createRateLimiters({ db, shared: createShared() });
    for (let i = 0; i < 5; i++) await loginByUsernameAndAddress.tryConsume('victim\n198.51.100.66');
    for (let i = 0; i < 2500; i++) await views.tryConsume(`reader-${i}`);
    expect(await rowsOf(db, 'rl:views:')).toHaveLength(2500);

    // The views' minute is over, the lockout's 15 minutes are not: each use sweeps a batch.
    clock.tick(2 * 60_000);
    for (let i = 0; i < 3; i++) await views.tryConsume('a later reader');
    expect((await rowsOf(db, 'rl:views:')).map((row) => row.key)).toEqual([
      'rl:views:a later reader',
    ]);
    expect(await loginByUsernameAndAddress.tryConsume('victim\n198.51.100.66')).toBe(false);

    // Once its window has ended the lockout goes too.
    clock.tick(15 * 60_000);
    await views.tryConsume('a later reader');
    expect(await rowsOf(db, 'rl:loginByUsernameAndAddress:')).toEqual([]);
  });
});

describe('an attempt that is refused counts nothing', () => {
  it('a login refused by the per-username limit counts nothing for its address or its pair', async () => {
    const world = await createTestWorld({
      limits: { loginByUsername: { max: 1, windowMs: 3_600_000 } },
    });
    await world.signedIn('victim');
    await wrong(world.client({ address: '198.51.100.1' }));
    const { loginByAddress, loginByUsernameAndAddress } = world.deps.limiters;
    const counted = (address: string) =>
      Promise.all([
        loginByAddress.counted(address),
        loginByUsernameAndAddress.counted(`victim\n${address}`),
      ]);
    expect(await counted('198.51.100.1')).toEqual([1, 1]);
    for (let i = 2; i < 12; i++) {
      await refused(world.client({ address: `198.51.100.${i}` }));
      expect(await counted(`198.51.100.${i}`)).toEqual([0, 0]);
    }
  });

  it('a refused attempt counts nothing in its own limiter either', async () => {
    const { views } = createRateLimiters(
      { db: await createTestDatabase(), shared: createShared() },
      { views: { max: 2, windowMs: 60_000 } },
    );
    expect(await views.tryConsume('big', { cost: 3 })).toBe(false);
    expect(await views.counted('big')).toBe(0);
    expect(await views.tryConsume('big', { cost: 2 })).toBe(true);
  });

  it('knocking on a lockout does not make it last longer: it ends with the window of its first attempt', async () => {
    const { views } = createRateLimiters(
      { db: await createTestDatabase(), shared: createShared() },
      { views: { max: 2, windowMs: 60_000 } },
    );
    for (let i = 0; i < 2; i++) expect(await views.tryConsume('reader')).toBe(true);
    for (let second = 1; second < 60; second++) {
      clock.tick(1000);
      expect(await views.tryConsume('reader')).toBe(false);
    }
    clock.tick(1000);
    expect(await views.tryConsume('reader')).toBe(true);
    expect(await views.counted('reader')).toBe(1);
  });

  it('a refund that arrives after its window has ended hands nothing over to the next one', async () => {
    const { views } = createRateLimiters(
      { db: await createTestDatabase(), shared: createShared() },
      { views: { max: 2, windowMs: 60_000 } },
    );
    await views.tryConsume('reader');
    clock.tick(60_000);
    await views.refund('reader');
    expect(await views.counted('reader')).toBe(0);
    for (let i = 0; i < 2; i++) expect(await views.tryConsume('reader')).toBe(true);
    expect(await views.tryConsume('reader')).toBe(false);
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
