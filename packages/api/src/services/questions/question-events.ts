import type { AnswerView, CommentView, QuestionSummary } from './question-shapes';

/**
 * What the 'question' topic carries, keyed by question id. Each event names its question (qid) and
 * brings the absolute new state a client needs to patch its cached list or detail page without
 * refetching, so a duplicate or late delivery is harmless.
 */
export type QuestionEvent =
  | { type: 'created'; qid: number; question: QuestionSummary }
  | { type: 'answered'; qid: number; answer: AnswerView; answerCount: number; lastActivityAt: Date }
  | {
      type: 'commented';
      qid: number;
      /** Where the comment goes: the question itself or one of its answers. */
      parent: { type: 'question' | 'answer'; id: number };
      comment: CommentView;
      lastActivityAt: Date;
    }
  | {
      type: 'voted';
      qid: number;
      upVotes: string[];
      downVotes: string[];
      upVoteCount: number;
      downVoteCount: number;
      voteScore: number;
      /** Grows with every vote change on the question: a client keeps the highest it has seen. */
      voteVersion: number;
    }
  | { type: 'viewed'; qid: number; viewCount: number };

export type QuestionEventType = QuestionEvent['type'];

/** Only events that add a question or change the answered set change how many questions match a list. */
export function changesListTotals(event: QuestionEvent): boolean {
  return event.type === 'created' || event.type === 'answered';
}
