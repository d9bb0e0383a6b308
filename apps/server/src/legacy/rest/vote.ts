import { restAnswerMessages, votePayload } from '@app/validators';
import type { Router } from 'express';
import { restRoute, type Caller, type RestDoor } from './adapter';

export interface VoteRoutes {
  /** The post's word in the answer, e.g. 'Question' ('Question upvoted successfully'). */
  noun: string;
  /** The paths for 'up' and 'down', e.g. /upvoteQuestion and /downvoteQuestion. */
  paths: { up: string; down: string };
  /** The body's field that names the post, and how a 400 names it. */
  idField: string;
  idLabel: string;
  /** Casts the vote (the same toggle as /trpc) and reads the post's counts afterwards. */
  vote: (
    caller: Caller,
    id: number,
    vote: 'up' | 'down',
  ) => Promise<{ myVote: number; upVotes: readonly string[]; downVotes: readonly string[] }>;
}

/**
 * The original client's vote endpoints: POST {username, <idField>} as the signed-in user; answers
 * {msg, upVotes, downVotes}, the message saying whether the vote was cast or cancelled.
 */
export function addVoteRoutes(router: Router, door: RestDoor, spec: VoteRoutes): void {
  const payload = votePayload(spec.idField, spec.idLabel);
  for (const vote of ['up', 'down'] as const) {
    router.post(
      spec.paths[vote],
      restRoute(door, payload, async (_req, _res, { caller, requireSelf, body }) => {
        await requireSelf(body.username);
        const id = body[spec.idField] as number;
        const { myVote, upVotes, downVotes } = await spec.vote(caller, id, vote);
        const msg =
          myVote === 0
            ? restAnswerMessages.voteCancelled(vote)
            : restAnswerMessages.voted(spec.noun, vote);
        return { msg, upVotes, downVotes };
      }),
    );
  }
}
