import { usernameMatchesFilter } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { applyUserChange, filterUsers, userCountLabel, type ListedUser } from './userList';

const u = (username: string, biography = ''): ListedUser => ({
  username,
  biography,
  dateJoined: new Date(0),
  reputation: 1,
});

describe('applyUserChange', () => {
  const list = [u('alice'), u('carol')];
  it('adds a created user in order', () => {
    expect(
      applyUserChange(list, { type: 'created', user: u('bob') }).map((x) => x.username),
    ).toEqual(['alice', 'bob', 'carol']);
  });
  it('replaces an updated user', () => {
    const next = applyUserChange(list, { type: 'updated', user: u('alice', 'Hi') });
    expect(next).toHaveLength(2);
    expect(next[0]?.biography).toBe('Hi');
  });
  it('removes a deleted user', () => {
    expect(
      applyUserChange(list, { type: 'deleted', user: u('alice') }).map((x) => x.username),
    ).toEqual(['carol']);
  });
  it('is idempotent', () => {
    const once = applyUserChange(list, { type: 'created', user: u('bob') });
    expect(applyUserChange(once, { type: 'created', user: u('bob') })).toEqual(once);
  });
});

describe('filterUsers', () => {
  it('is a case-sensitive substring match', () => {
    const list = [u('Alice'), u('malice'), u('bob')];
    expect(filterUsers(list, 'lice').map((x) => x.username)).toEqual(['Alice', 'malice']);
    expect(filterUsers(list, 'Ali').map((x) => x.username)).toEqual(['Alice']);
    expect(filterUsers(list, '')).toHaveLength(3);
  });

  it('keeps exactly the users usernameMatchesFilter keeps, the one users-filter rule', () => {
    const list = [u('Alice'), u('malice'), u('bob'), u('ALICE')];
    for (const filter of ['', 'lic', 'LIC', 'Ali', 'b', 'x']) {
      expect(filterUsers(list, filter)).toEqual(
        list.filter((x) => usernameMatchesFilter(x.username, filter)),
      );
    }
  });
});

describe('userCountLabel', () => {
  it('pluralises', () => {
    expect(userCountLabel(0)).toBe('0 users');
    expect(userCountLabel(1)).toBe('1 user');
    expect(userCountLabel(3)).toBe('3 users');
  });
});
