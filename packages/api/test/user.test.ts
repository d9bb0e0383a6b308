import { firstRow, users } from '@app/db';
import { authMessages, usernameMatchesFilter, userMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestWorld, TEST_PASSWORD } from './helpers';

describe('user.list', () => {
  it('filters by the same rule the web applies to live changes (usernameMatchesFilter)', async () => {
    const world = await createTestWorld();
    const { api } = await world.signedIn('Alice');
    for (const name of ['ALICE_2', 'bob', 'Malice', 'a_b', 'LICorice']) await world.signedIn(name);
    const everyone = (await api.user.list()).map((u) => u.username);
    for (const filter of ['', 'a', 'A', 'lic', 'LIC', '_', 'b', 'zzz']) {
      const listed = (await api.user.list({ filter })).map((u) => u.username);
      expect(listed).toEqual(everyone.filter((name) => usernameMatchesFilter(name, filter)));
    }
  });

  it('lists users with the case-sensitive username filter', async () => {
    const world = await createTestWorld();
    const { api } = await world.signedIn('Alice');
    await world.signedIn('malik');
    await world.signedIn('bob');
    expect((await api.user.list()).map((u) => u.username)).toEqual(['Alice', 'bob', 'malik']);
    expect((await api.user.list({ filter: 'li' })).map((u) => u.username)).toEqual([
      'Alice',
      'malik',
    ]);
    expect((await api.user.list({ filter: 'Li' })).map((u) => u.username)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const { api } = (await createTestWorld()).client();
    await expect(api.user.list()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: authMessages.notSignedIn,
    });
  });

  it('never returns a password or hash', async () => {
    const world = await createTestWorld();
    const { api } = await world.signedIn('alice');
    const body = JSON.stringify([
      await api.user.list(),
      await api.user.byUsername({ username: 'alice' }),
    ]);
    expect(body).not.toMatch(/password|scrypt|hash/i);
  });
});

describe('user.byUsername', () => {
  it('shows username, biography, date joined and reputation', async () => {
    const world = await createTestWorld();
    const { api } = await world.signedIn('alice');
    expect(await api.user.byUsername({ username: 'alice' })).toEqual({
      username: 'alice',
      biography: '',
      dateJoined: expect.any(Date),
      reputation: 1,
    });
  });

  it('is NOT_FOUND for an unknown user', async () => {
    const { api } = await (await createTestWorld()).signedIn('alice');
    await expect(api.user.byUsername({ username: 'ghost' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: userMessages.notFound,
    });
  });
});

describe('user.updateBiography', () => {
  it('lets the owner edit their biography', async () => {
    const { api } = await (await createTestWorld()).signedIn('alice');
    const { user } = await api.user.updateBiography({
      username: 'alice',
      biography: '  I write SQL.  ',
    });
    expect(user.biography).toBe('I write SQL.');
    expect((await api.user.byUsername({ username: 'alice' })).biography).toBe('I write SQL.');
  });

  it("is FORBIDDEN on someone else's profile", async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const { api } = await world.signedIn('mallory');
    await expect(
      api.user.updateBiography({ username: 'alice', biography: 'pwned' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: userMessages.notOwner,
    });
    expect((await api.user.byUsername({ username: 'alice' })).biography).toBe('');
  });

  it('is UNAUTHORIZED for an anonymous caller', async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    await expect(
      world.client().api.user.updateBiography({ username: 'alice', biography: 'x' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('rejects a biography over the limit', async () => {
    const { api } = await (await createTestWorld()).signedIn('alice');
    await expect(
      api.user.updateBiography({ username: 'alice', biography: 'x'.repeat(2001) }),
    ).rejects.toThrow(userMessages.biographyTooLong);
  });
});

describe('user.resetPassword', () => {
  it('changes the password: the new one works, the old one does not', async () => {
    const world = await createTestWorld();
    const { api } = await world.signedIn('alice');
    await api.user.resetPassword({ username: 'alice', password: 'a-new-password' });
    const other = world.client().api;
    await expect(other.auth.login({ username: 'alice', password: TEST_PASSWORD })).rejects.toThrow(
      authMessages.invalidCredentials,
    );
    expect(
      (await other.auth.login({ username: 'alice', password: 'a-new-password' })).username,
    ).toBe('alice');
  });

  it("ends the user's other sessions but keeps the one that reset", async () => {
    const world = await createTestWorld();
    const laptop = await world.signedIn('alice');
    const phone = world.client();
    await phone.api.auth.login({ username: 'alice', password: TEST_PASSWORD });
    await laptop.api.user.resetPassword({ username: 'alice', password: 'a-new-password' });
    expect((await laptop.api.auth.me())?.username).toBe('alice');
    expect(await phone.api.auth.me()).toBeNull();
  });

  it("is FORBIDDEN on someone else's account and UNAUTHORIZED when signed out", async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const { api } = await world.signedIn('mallory');
    await expect(
      api.user.resetPassword({ username: 'alice', password: 'hijacked!!' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      world.client().api.user.resetPassword({ username: 'alice', password: 'hijacked!!' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(
      (await world.client().api.auth.login({ username: 'alice', password: TEST_PASSWORD }))
        .username,
    ).toBe('alice');
  });

  it('rejects a password shorter than 8 characters', async () => {
    const { api } = await (await createTestWorld()).signedIn('alice');
    await expect(api.user.resetPassword({ username: 'alice', password: 'short' })).rejects.toThrow(
      authMessages.passwordTooShort,
    );
  });
});

describe('user.delete', () => {
  it('deletes the account, ends every session, and keeps the name taken', async () => {
    const world = await createTestWorld();
    const laptop = await world.signedIn('alice');
    const phone = world.client();
    await phone.api.auth.login({ username: 'alice', password: TEST_PASSWORD });
    await laptop.api.user.delete({ username: 'alice' });
    expect(await laptop.api.auth.me()).toBeNull();
    expect(await phone.api.auth.me()).toBeNull();
    const visitor = await world.signedIn('bob');
    expect((await visitor.api.user.list()).map((u) => u.username)).toEqual(['bob']);
    await expect(visitor.api.user.byUsername({ username: 'alice' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      world.client().api.auth.login({ username: 'alice', password: TEST_PASSWORD }),
    ).rejects.toThrow(authMessages.invalidCredentials);
    await expect(
      world.client().api.auth.signup({ username: 'alice', password: TEST_PASSWORD }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const row = await firstRow(world.db.select().from(users).where(eq(users.username, 'alice')));
    expect(row?.passwordHash).toBeNull();
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it("is FORBIDDEN on someone else's account and UNAUTHORIZED when signed out", async () => {
    const world = await createTestWorld();
    await world.signedIn('alice');
    const { api } = await world.signedIn('mallory');
    await expect(api.user.delete({ username: 'alice' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(world.client().api.user.delete({ username: 'alice' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect((await api.user.byUsername({ username: 'alice' })).username).toBe('alice');
  });
});

describe('user.onUserChanged', () => {
  it('delivers created, updated and deleted live, and resumes after the last event id', async () => {
    const world = await createTestWorld();
    const watcher = await world.signedIn('watcher');
    const live = new AbortController();
    const events = await world.readEvents(watcher.listen(live.signal).user.onUserChanged());

    const alice = await world.signedIn('alice');
    await alice.api.user.updateBiography({ username: 'alice', biography: 'hello' });
    await alice.api.user.delete({ username: 'alice' });

    const seen = await events.take(3);
    expect(seen.map((e) => [e.data.type, 'user' in e.data ? e.data.user.username : null])).toEqual([
      ['created', 'alice'],
      ['updated', 'alice'],
      ['deleted', 'alice'],
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/scrypt|passwordHash/);
    live.abort();

    // A client that saw only the first event gets the other two on reconnect, and nothing twice.
    const again = new AbortController();
    const resumed = await world.readEvents(
      watcher.listen(again.signal).user.onUserChanged({ lastEventId: seen[0]!.id }),
    );
    expect((await resumed.take(2)).map((e) => e.data.type)).toEqual(['updated', 'deleted']);
    again.abort();
  });
});
