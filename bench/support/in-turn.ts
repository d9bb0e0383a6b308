/**
 * The order a write route's requests take: one counter shared by every connection of the round, so
 * the requests in flight at once (one per connection) go to different targets and two of them never
 * race for the same row in a way a user could not.
 */

/** The items in turn, round and round: each call the next one. */
export function inTurn<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('inTurn needs at least one item');
  let k = 0;
  return () => items[k++ % items.length]!;
}

export interface VoteRequest {
  id: number;
  vote: 'up' | 'down';
}

/**
 * Votes on `ids` in turn, up on every one in the first pass, down in the second, up in the third …
 * The toggle rule (SPEC: voting the way you already voted takes the vote back) would turn "up, up"
 * into a take-back; alternating per pass instead makes the first pass cast a vote on each post and
 * every later request switch it (up→down, down→up): each one a real change (the vote row updated,
 * both counters and the author's reputation moved, an event published), never a take-back and never
 * a request that writes nothing. A post comes round again only after every other one (hundreds of
 * requests later, with one per connection in flight), so its previous vote has always been answered.
 */
export function alternatingVotes(ids: readonly number[]): () => VoteRequest {
  if (ids.length === 0) throw new Error('alternatingVotes needs at least one post');
  let k = 0;
  return () => {
    const pass = Math.floor(k / ids.length);
    const id = ids[k++ % ids.length]!;
    return { id, vote: pass % 2 === 0 ? 'up' : 'down' };
  };
}

/**
 * Every pair of a user and an item, items fastest (item 1 by user 1, item 2 by user 1 … item 1 by
 * user 2 …), then round again: the first users × items calls are all distinct pairs.
 */
export function pairsInTurn<U, T>(users: readonly U[], items: readonly T[]): () => [U, T] {
  if (users.length === 0 || items.length === 0)
    throw new Error('pairsInTurn needs users and items');
  let k = 0;
  return () => {
    const item = items[k % items.length]!;
    const user = users[Math.floor(k / items.length) % users.length]!;
    k++;
    return [user, item];
  };
}
