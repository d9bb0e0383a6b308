import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ListedUser } from './userList';
import { callHook } from '../../test-support/callHook';
import { trpc } from '../../trpc';
import { useApplyUserEvent } from './cache';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// What the users list and the profiles do with a user event (a live event, or a write's reply).

const user = (username: string, biography = ''): ListedUser => ({
  username,
  biography,
  dateJoined: new Date('2025-01-01T00:00:00Z'),
  reputation: 1,
});

const listKey = getQueryKey(trpc.user.list, undefined, 'query');
const profileKey = (username: string) => getQueryKey(trpc.user.byUsername, { username }, 'query');

function users() {
  const { result: apply, queryClient } = callHook(useApplyUserEvent);
  queryClient.setQueryData(listKey, [user('alice'), user('carol')]);
  const listed = () => queryClient.getQueryData<ListedUser[]>(listKey)?.map((u) => u.username);
  return { apply, queryClient, listed };
}

describe('a user event', () => {
  it('adds a new user to the list in username order', () => {
    const { apply, listed } = users();
    apply({ type: 'created', user: user('bob') });
    expect(listed()).toEqual(['alice', 'bob', 'carol']);
  });

  it('shows a changed biography on an open profile, and makes up no profile never read', () => {
    const { apply, queryClient } = users();
    queryClient.setQueryData(profileKey('carol'), user('carol', 'Old words.'));

    apply({ type: 'updated', user: user('carol', 'New words.') });
    apply({ type: 'updated', user: user('alice', 'Hello.') });

    expect(queryClient.getQueryData<ListedUser>(profileKey('carol'))?.biography).toBe('New words.');
    expect(queryClient.getQueryData<ListedUser>(profileKey('alice'))).toBeUndefined();
  });

  it('takes a deleted user off the list and reads their profile again', () => {
    const { apply, queryClient, listed } = users();
    queryClient.setQueryData(profileKey('carol'), user('carol'));

    apply({ type: 'deleted', user: user('carol') });

    expect(listed()).toEqual(['alice']);
    expect(queryClient.getQueryState(profileKey('carol'))?.isInvalidated).toBe(true);
  });

  it('sets a changed reputation in the list, on the profile and next to author names', () => {
    const { apply, queryClient } = users();
    queryClient.setQueryData(profileKey('carol'), user('carol'));
    const namesKey = getQueryKey(trpc.reputation.byUsernames, { usernames: ['carol'] }, 'query');
    const othersKey = getQueryKey(trpc.reputation.byUsernames, { usernames: ['bob'] }, 'query');
    queryClient.setQueryData(namesKey, [{ username: 'carol', reputation: 1 }]);
    queryClient.setQueryData(othersKey, [{ username: 'bob', reputation: 5 }]);

    apply({ type: 'reputation', username: 'carol', reputation: 11 });

    const list = queryClient.getQueryData<ListedUser[]>(listKey);
    expect(list?.map((u) => [u.username, u.reputation])).toEqual([
      ['alice', 1],
      ['carol', 11],
    ]);
    expect(queryClient.getQueryData<ListedUser>(profileKey('carol'))?.reputation).toBe(11);
    expect(queryClient.getQueryData(namesKey)).toEqual([{ username: 'carol', reputation: 11 }]);
    expect(queryClient.getQueryData(othersKey)).toEqual([{ username: 'bob', reputation: 5 }]);
  });
});
