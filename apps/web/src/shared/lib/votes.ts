/** SPEC §4: +1 when the user is among the upvoters, -1 among the downvoters, else 0. */
export function voteOf(
  votes: { upVotes: readonly string[]; downVotes: readonly string[] },
  username: string,
) {
  if (votes.upVotes.includes(username)) return 1 as const;
  if (votes.downVotes.includes(username)) return -1 as const;
  return 0 as const;
}

/**
 * Vote states replace each other whole, and a vote's own reply can arrive after a live event about a
 * later vote: per post, only a state with a higher vote version may replace the one shown.
 */
export function createVoteOrder(): (id: number, voteVersion: number) => boolean {
  const newest = new Map<number, number>();
  return (id, voteVersion) => {
    if (voteVersion <= (newest.get(id) ?? 0)) return false;
    newest.set(id, voteVersion);
    return true;
  };
}
