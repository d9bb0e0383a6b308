import type { ProblemSummary, SubmissionRow } from './shapes';

/**
 * What the 'problem' topic carries, keyed by problem id. Each event names its problem and brings the
 * absolute new state a client needs to patch its list, detail page or leaderboard without refetching,
 * so a duplicate or late delivery is harmless. No event ever carries a test case.
 */
export type ProblemEvent =
  | { type: 'created'; problemId: number; problem: ProblemSummary }
  | {
      type: 'voted';
      problemId: number;
      upVotes: string[];
      downVotes: string[];
      upVoteCount: number;
      downVoteCount: number;
      voteScore: number;
      /** Grows with every vote change on the problem: a client keeps the highest it has seen. */
      voteVersion: number;
    }
  | {
      type: 'submitted';
      problemId: number;
      submission: SubmissionRow;
      /** The problem's counts after it (they only grow: a client keeps the larger). */
      submitCount: number;
      acceptedCount: number;
    }
  /** Flags hid the problem (it leaves the list) or a moderator showed it again. */
  | { type: 'hidden'; problemId: number; hidden: boolean };

export type ProblemEventType = ProblemEvent['type'];

/** The list page's events: what adds a card or changes one. */
export const changesProblemList = (event: ProblemEvent): boolean => event.type !== 'submitted';

declare module '../../core/topics' {
  interface EventMap {
    problem: ProblemEvent;
  }
}
