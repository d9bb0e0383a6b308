import type { ReputationReason } from '@app/validators';

/**
 * Stack Overflow's reputation rules, the only place they are written: what a standing vote or an
 * acceptance is worth, and to whom. Every change (a vote cast, switched or taken back, an acceptance
 * made or replaced, a post deleted or restored) and the recomputation are sums of these.
 */
export const REPUTATION_POINTS = {
  /** An upvote on your question or answer. */
  upvoteReceived: 10,
  /** A downvote on your question or answer. */
  downvoteReceived: -2,
  /** Downvoting an answer costs the voter (not a question: as on Stack Overflow). */
  answerDownvoteCast: -1,
  /** Your answer accepted. */
  answerAccepted: 15,
  /** Accepting someone else's answer to your question. */
  accepting: 2,
} as const;

export type PostKind = 'question' | 'answer';
export type VoteValue = 1 | -1 | 0;

export interface ReputationDelta {
  userId: number;
  delta: number;
  reason: ReputationReason;
}

/** A vote as it stands on a post. */
export interface StandingVote {
  kind: PostKind;
  value: VoteValue;
  voterId: number;
  authorId: number;
}

/** An acceptance as it stands: the asker accepted the answerer's answer. */
export interface Acceptance {
  askerId: number;
  answererId: number;
}

/** What one standing vote earns or costs. A vote on one's own post is worth nothing. */
export function voteEarnings({ kind, value, voterId, authorId }: StandingVote): ReputationDelta[] {
  if (value === 0 || voterId === authorId) return [];
  if (value === 1)
    return [
      { userId: authorId, delta: REPUTATION_POINTS.upvoteReceived, reason: `${kind}-upvoted` },
    ];
  const received: ReputationDelta = {
    userId: authorId,
    delta: REPUTATION_POINTS.downvoteReceived,
    reason: `${kind}-downvoted`,
  };
  return kind === 'answer'
    ? [
        received,
        {
          userId: voterId,
          delta: REPUTATION_POINTS.answerDownvoteCast,
          reason: 'downvoted-an-answer',
        },
      ]
    : [received];
}

/** What an acceptance earns: nothing when the asker accepts their own answer. */
export function acceptanceEarnings({ askerId, answererId }: Acceptance): ReputationDelta[] {
  if (askerId === answererId) return [];
  return [
    { userId: answererId, delta: REPUTATION_POINTS.answerAccepted, reason: 'answer-accepted' },
    { userId: askerId, delta: REPUTATION_POINTS.accepting, reason: 'accepted-an-answer' },
  ];
}

/** The same changes undone: each with the opposite sign and the same reason. */
export const reversed = (deltas: ReputationDelta[]): ReputationDelta[] =>
  deltas.map((change) => ({ ...change, delta: -change.delta }));

/** A voter's vote going from `before` to `after`: undo what the old one earned, add the new one's. */
export function voteChangeDeltas(change: {
  kind: PostKind;
  before: VoteValue;
  after: VoteValue;
  voterId: number;
  authorId: number;
}): ReputationDelta[] {
  if (change.before === change.after) return [];
  const { kind, voterId, authorId } = change;
  return [
    ...reversed(voteEarnings({ kind, value: change.before, voterId, authorId })),
    ...voteEarnings({ kind, value: change.after, voterId, authorId }),
  ];
}

/**
 * A question's accepted answer going from `before` to `after` (either may be none): undo the old
 * acceptance's earnings, add the new one's. Accepting the same answer again changes nothing.
 */
export function acceptanceChangeDeltas(
  before: (Acceptance & { answerId: number }) | null,
  after: (Acceptance & { answerId: number }) | null,
): ReputationDelta[] {
  if (before?.answerId === after?.answerId) return [];
  return [
    ...reversed(before ? acceptanceEarnings(before) : []),
    ...(after ? acceptanceEarnings(after) : []),
  ];
}

/** Sums deltas per user, leaving out users whose sum is zero. */
export function totalsByUser(deltas: ReputationDelta[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const { userId, delta } of deltas) totals.set(userId, (totals.get(userId) ?? 0) + delta);
  for (const [userId, total] of totals) if (total === 0) totals.delete(userId);
  return totals;
}

/**
 * A post deleted (visible false) or restored: everything its standing votes and acceptance earned or
 * cost, taken back or given back, one change per user, under the post's '-deleted' or '-restored'.
 */
export function visibilityDeltas(
  kind: PostKind,
  visible: boolean,
  earnings: ReputationDelta[],
): ReputationDelta[] {
  const reason: ReputationReason = `${kind}-${visible ? 'restored' : 'deleted'}`;
  return [...totalsByUser(earnings)].map(([userId, total]) => ({
    userId,
    delta: visible ? total : -total,
    reason,
  }));
}
