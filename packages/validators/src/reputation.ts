import { z } from 'zod';

/** Nobody's reputation is shown below this, whatever the stored sum (Stack Overflow's floor). */
export const REPUTATION_FLOOR = 1;

/** How many names one reputation look-up may ask about (a page's authors). */
export const REPUTATION_NAMES_MAX = 100;
export const REPUTATION_HISTORY_PAGE_SIZE = 30;
export const REPUTATION_HISTORY_PAGE_MAX = 100;

/** The one rule for the number readers see: the stored sum may go lower, what is shown never does. */
export function shownReputation(stored: number): number {
  return Math.max(REPUTATION_FLOOR, stored);
}

/**
 * Why a reputation change happened, as stored in reputation_changes.reason. A reversal (a vote taken
 * back, an acceptance replaced) is a row with the same reason and the opposite sign.
 */
export const REPUTATION_REASONS = [
  'question-upvoted',
  'question-downvoted',
  'answer-upvoted',
  'answer-downvoted',
  'downvoted-an-answer',
  'answer-accepted',
  'accepted-an-answer',
  'question-deleted',
  'question-restored',
  'answer-deleted',
  'answer-restored',
  'recalculated',
] as const;
export type ReputationReason = (typeof REPUTATION_REASONS)[number];

export const reputationMessages = {
  ownQuestion: "You can't vote on your own question.",
  ownAnswer: "You can't vote on your own answer.",
  ownProblem: "You can't vote on your own problem.",
  label: 'reputation',
  /** The title of a number next to a name. */
  title: (points: number) => `Reputation: ${points}`,
  historyTitle: 'Reputation history',
  historyEmpty: 'No reputation changes yet.',
  historyFailed: 'Error fetching the reputation history',
  invalidCursor: 'The page of the history is not valid.',
} as const;

/** A change of reputation in words, from its reason and sign (a negative upvote is one taken back). */
export function reputationReasonWords(reason: string, delta: number): string {
  const gained = delta > 0;
  switch (reason as ReputationReason) {
    case 'question-upvoted':
      return gained ? 'Your question was upvoted' : 'An upvote on your question was taken back';
    case 'answer-upvoted':
      return gained ? 'Your answer was upvoted' : 'An upvote on your answer was taken back';
    case 'question-downvoted':
      return gained ? 'A downvote on your question was taken back' : 'Your question was downvoted';
    case 'answer-downvoted':
      return gained ? 'A downvote on your answer was taken back' : 'Your answer was downvoted';
    case 'downvoted-an-answer':
      return gained ? 'You took back a downvote on an answer' : 'You downvoted an answer';
    case 'answer-accepted':
      return gained ? 'Your answer was accepted' : 'Your answer is no longer accepted';
    case 'accepted-an-answer':
      return gained ? 'You accepted an answer' : 'You took back an acceptance';
    case 'question-deleted':
      return 'A question was deleted';
    case 'question-restored':
      return 'A question was restored';
    case 'answer-deleted':
      return 'An answer was deleted';
    case 'answer-restored':
      return 'An answer was restored';
    case 'recalculated':
      return 'Recalculated from the votes';
    default:
      return 'Reputation changed';
  }
}

/** The reputations of some users, by name (a page's authors). */
export const ReputationsInput = z.object({
  usernames: z.array(z.string().trim().min(1).max(100)).max(REPUTATION_NAMES_MAX),
});
export type ReputationsInput = z.infer<typeof ReputationsInput>;

/** A user's reputation changes, newest first; older pages before `cursor` (the last page's oldest id). */
export const ReputationHistoryInput = z.object({
  username: z.string().trim().min(1).max(100),
  cursor: z
    .number({ error: reputationMessages.invalidCursor })
    .int(reputationMessages.invalidCursor)
    .positive(reputationMessages.invalidCursor)
    .max(Number.MAX_SAFE_INTEGER, reputationMessages.invalidCursor)
    .nullish(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(REPUTATION_HISTORY_PAGE_MAX)
    .default(REPUTATION_HISTORY_PAGE_SIZE),
});
export type ReputationHistoryInput = z.input<typeof ReputationHistoryInput>;
