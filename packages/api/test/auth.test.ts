import { authMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld, TEST_PASSWORD } from './helpers';

describe('auth.signup', () => {
  it('creates the user, signs them in and trims the username', async () => {
    const { api } = (await createTestWorld()).client();
    const user = await api.auth.signup({ username: '  alice ', password: TEST_PASSWORD });
    expect(user).toEqual({
      username: 'alice',
      biography: '',
      dateJoined: expect.any(Date),
      reputation: 1,
    });
    expect((await api.auth.me())?.username).toBe('alice');
  });

  it("answers 'Please enter a username and password' for blank fields", async () => {
    const { api } = (await createTestWorld()).client();
    await expect(api.auth.signup({ username: ' ', password: TEST_PASSWORD })).rejects.toThrow(
      authMessages.missingCredentials,
    );
    await expect(api.auth.signup({ username: 'alice', password: '   ' })).rejects.toThrow(
      authMessages.missingCredentials,
    );
  });

  it('rejects usernames with other characters or over 30 characters', async () => {
    const { api } = (await createTestWorld()).client();
    for (const username of ['al ice', 'alice<script>', 'a'.repeat(31), 'ålice']) {
      await expect(api.auth.signup({ username, password: TEST_PASSWORD })).rejects.toThrow(
        authMessages.invalidUsername,
      );
    }
  });

  it('rejects passwords shorter than 8 characters', async () => {
    const { api } = (await createTestWorld()).client();
    await expect(api.auth.signup({ username: 'alice', password: 'short' })).rejects.toThrow(
      authMessages.passwordTooShort,
    );
  });

  it('rejects a taken username with CONFLICT, whatever its case', async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    await expect(
      world.client().api.auth.signup({ username: 'ALICE', password: TEST_PASSWORD }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: authMessages.usernameTaken });
  });

  it('never returns the password or its hash', async () => {
    const { api } = (await createTestWorld()).client();
    const user = await api.auth.signup({ username: 'alice', password: TEST_PASSWORD });
    const me = await api.auth.me();
    expect(Object.keys(user)).toEqual(['username', 'biography', 'dateJoined', 'reputation']);
    // auth.me adds the viewer's own role and standing (the web's Review link and banner).
    expect(Object.keys(me ?? {})).toEqual([
      'username',
      'biography',
      'dateJoined',
      'reputation',
      'role',
      'suspendedUntil',
      'suspensionReason',
    ]);
    for (const value of [user, me]) expect(JSON.stringify(value)).not.toContain('scrypt');
  });
});

describe('auth.login', () => {
  it('signs in with the right password and restores the user on reload', async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const browser = world.client();
    expect(await browser.api.auth.me()).toBeNull();
    const user = await browser.api.auth.login({ username: 'alice', password: TEST_PASSWORD });
    expect(user.username).toBe('alice');
    // A reload is a new request with the same cookie.
    const reloaded = world.client({ sessionId: browser.session.sessionId });
    expect((await reloaded.api.auth.me())?.username).toBe('alice');
  });

  it('says the same thing for an unknown user and a wrong password', async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const { api } = world.client();
    const unknown = api.auth.login({ username: 'nobody', password: TEST_PASSWORD });
    await expect(unknown).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: authMessages.invalidCredentials,
    });
    const wrong = api.auth.login({ username: 'alice', password: 'wrong-password' });
    await expect(wrong).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: authMessages.invalidCredentials,
    });
  });

  it('limits repeated failures for one username from all addresses together, with TOO_MANY_REQUESTS', async () => {
    // The slower limit per username (50 an hour by default; 5 here to keep the test quick).
    const world = await createTestWorld({
      limits: { loginByUsername: { max: 5, windowMs: 60_000 } },
    });
    await world.signedIn('alice');
    for (let i = 0; i < 5; i++) {
      const { api } = world.client({ address: `10.0.0.${i}` });
      await expect(api.auth.login({ username: 'alice', password: 'nope-nope' })).rejects.toThrow();
    }
    const { api } = world.client({ address: '10.0.0.99' });
    await expect(
      api.auth.login({ username: 'alice', password: TEST_PASSWORD }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: authMessages.tooManyAttempts,
    });
  });

  it('limits repeated failures from one address, across usernames', async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const { api } = world.client({ address: '10.1.1.1' });
    for (let i = 0; i < 30; i++) {
      await expect(
        api.auth.login({ username: `guess${i}`, password: 'nope-nope' }),
      ).rejects.toThrow();
    }
    await expect(
      api.auth.login({ username: 'alice', password: TEST_PASSWORD }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('auth.logout', () => {
  it('ends the session, so a copied cookie stops working too', async () => {
    const world = await createTestWorld();
    const browser = await world.signedIn('alice');
    const copied = world.client({ sessionId: browser.session.sessionId });
    expect((await copied.api.auth.me())?.username).toBe('alice');
    await browser.api.auth.logout();
    expect(await browser.api.auth.me()).toBeNull();
    expect(await copied.api.auth.me()).toBeNull();
    await expect(copied.api.user.list()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: authMessages.sessionEnded,
    });
  });
});

describe('session lifetime', () => {
  it('a session older than 30 days no longer signs anyone in', async () => {
    const world = await createTestWorld();
    const browser = await world.signedIn('alice');
    const { findSessionUser, SESSION_LIFETIME_MS } = await import('../src/core/viewer');
    const sid = browser.session.sessionId!;
    expect((await findSessionUser(world.db, sid))?.username).toBe('alice');
    expect(
      await findSessionUser(world.db, sid, Date.now() + SESSION_LIFETIME_MS + 1000),
    ).toBeNull();
  });
});

describe('login rate limit under a burst', () => {
  it('counts concurrent guesses too: at most 5 of 50 simultaneous guesses get a password check', async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const { api } = world.client({ address: '10.2.2.2' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        api.auth.login({ username: 'alice', password: 'guess-guess' }),
      ),
    );
    const codes = outcomes.map((o) =>
      o.status === 'rejected' ? (o.reason as { code: string }).code : 'OK',
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(45);
  });

  it('a successful login does not use up the address allowance', async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const { api } = world.client({ address: '10.3.3.3' });
    for (let i = 0; i < 40; i++) {
      await api.auth.login({ username: 'alice', password: TEST_PASSWORD });
    }
    expect((await api.auth.login({ username: 'alice', password: TEST_PASSWORD })).username).toBe(
      'alice',
    );
  });
});

describe('username and password edges', () => {
  it("rejects usernames made only of dots or dashes ('.', '..', '-')", async () => {
    const { api } = (await createTestWorld()).client();
    for (const username of ['.', '..', '-', '_.']) {
      await expect(api.auth.signup({ username, password: TEST_PASSWORD })).rejects.toThrow(
        authMessages.invalidUsername,
      );
    }
  });

  it('signs in whatever the case of the username, as the names are unique ignoring case', async () => {
    const world = await createTestWorld();
    await world.signedIn('bob');
    const user = await world.client().api.auth.login({ username: 'BOB', password: TEST_PASSWORD });
    expect(user.username).toBe('bob');
  });

  it('rejects passwords over 256 characters at signup', async () => {
    const { api } = (await createTestWorld()).client();
    await expect(api.auth.signup({ username: 'alice', password: 'p'.repeat(257) })).rejects.toThrow(
      authMessages.passwordTooLong,
    );
  });
});
