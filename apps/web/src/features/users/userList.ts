import { usernameMatchesFilter } from '@app/validators';

/** The fields of a user the lists need. */
export interface ListedUser {
  username: string;
  biography: string;
  dateJoined: Date;
  /** As shown: never below 1. */
  reputation: number;
}

/** A reputation change as the onUserChanged subscription delivers it: the number shown now. */
export interface ReputationChange {
  type: 'reputation';
  username: string;
  reputation: number;
}

/** A user change as the onUserChanged subscription delivers it. */
export interface UserChange<U extends ListedUser = ListedUser> {
  type: 'created' | 'updated' | 'deleted';
  user: U;
}

// Same order as the server's list: by username, byte order (SQLite's default collation).
const byUsername = (a: ListedUser, b: ListedUser) =>
  a.username < b.username ? -1 : a.username > b.username ? 1 : 0;

/**
 * Applies one live change to a cached users list: created adds, updated replaces, deleted removes.
 * Idempotent, so replaying events after a resubscribe is harmless.
 */
export function applyUserChange<U extends ListedUser>(
  list: readonly U[],
  change: UserChange<U>,
): U[] {
  const rest = list.filter((u) => u.username !== change.user.username);
  if (change.type === 'deleted') return rest;
  // Created and updated both leave exactly one, current copy (an update for an unseen user adds it).
  return [...rest, change.user].sort(byUsername);
}

/** Applies a reputation change to a cached users list: that user's number, nothing else. */
export function applyReputationChange<U extends ListedUser>(
  list: readonly U[],
  change: ReputationChange,
): U[] {
  return list.map((u) =>
    u.username === change.username ? { ...u, reputation: change.reputation } : u,
  );
}

/** The users whose username matches the filter (the rule is usernameMatchesFilter's, SPEC §5). */
export function filterUsers<U extends ListedUser>(list: readonly U[], filter: string): U[] {
  return list.filter((u) => usernameMatchesFilter(u.username, filter));
}

/** 'N users' with the right plural. */
export function userCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'user' : 'users'}`;
}
