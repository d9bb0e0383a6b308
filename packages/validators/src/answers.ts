import { z } from 'zod';

/** Answer votes and accepted answers: inputs, the answer order and every sentence they show. */

export const answerMessages = {
  onlyAskerAccepts: 'Only the person who asked the question can accept an answer.',
  accepted: 'Accepted answer',
  accept: 'Accept this answer',
  unaccept: 'Unaccept this answer',
  /** After a card's answer count, for screen readers. */
  hasAccepted: ', one accepted',
  voteGroup: 'Answer score',
  voteUp: 'Vote this answer up',
  voteDown: 'Vote this answer down',
  sortAnswers: 'Sort answers',
  voteFailed: 'Error while voting',
  acceptFailed: 'Error while accepting the answer',
} as const;

export const AnswerVoteInput = z.object({
  answerId: z.number().int().positive(),
  vote: z.enum(['up', 'down']),
});
export type AnswerVoteInput = z.infer<typeof AnswerVoteInput>;

/** Accepting marks this answer as the accepted one (replacing any other); unaccepting clears it. */
export const AcceptAnswerInput = z.object({ answerId: z.number().int().positive() });
export type AcceptAnswerInput = z.infer<typeof AcceptAnswerInput>;

/** How a question page lists its answers: accepted first, then by score, then oldest (the default); or oldest first. */
export const ANSWER_ORDERS = ['votes', 'oldest'] as const;
export type AnswerOrder = (typeof ANSWER_ORDERS)[number];
export const answerOrderLabels: Record<AnswerOrder, string> = {
  votes: 'Highest score',
  oldest: 'Oldest first',
};

interface OrderedAnswer {
  id: number;
  /** Upvotes minus downvotes. */
  voteScore: number;
}

/**
 * The answers in the given order, a new array: the server lists them this way ('votes') and the web
 * re-sorts with the same function after live votes and accepts. Ids grow with time, so the lower id
 * is the older answer.
 */
export function sortAnswers<A extends OrderedAnswer>(
  answers: readonly A[],
  acceptedAnswerId: number | null,
  order: AnswerOrder = 'votes',
): A[] {
  const byAge = (a: A, b: A) => a.id - b.id;
  if (order === 'oldest') return [...answers].sort(byAge);
  const rank = (a: A) => Number(a.id === acceptedAnswerId);
  return [...answers].sort((a, b) => rank(b) - rank(a) || b.voteScore - a.voteScore || byAge(a, b));
}
