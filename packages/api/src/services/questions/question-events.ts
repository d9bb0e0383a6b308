import type { AnswerView, CommentView, QuestionSummary, TagView } from './question-shapes';

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
  | {
      type: 'answerVoted';
      qid: number;
      answerId: number;
      upVotes: string[];
      downVotes: string[];
      upVoteCount: number;
      downVoteCount: number;
      voteScore: number;
      /** Grows with every vote change on the answer. */
      voteVersion: number;
    }
  | {
      type: 'accepted';
      qid: number;
      /** The accepted answer now, or null when the asker took the acceptance back. */
      acceptedAnswerId: number | null;
      /** Grows with every accept or unaccept on the question. */
      acceptVersion: number;
    }
  | {
      /** The author edited the question: its new title, text and tags. */
      type: 'edited';
      qid: number;
      title: string;
      text: string;
      tags: TagView[];
      editedAt: Date;
      /** Grows with every edit of the question: a client keeps the highest it has seen. */
      revisionCount: number;
      /** An edit is activity: the question's new last activity (the edit's time), for Active. */
      lastActivityAt: Date;
    }
  | {
      type: 'answerEdited';
      qid: number;
      answerId: number;
      text: string;
      editedAt: Date;
      /** Grows with every edit of the answer. */
      revisionCount: number;
      /** The question's new last activity (the edit's time), as for an edit of the question. */
      lastActivityAt: Date;
    }
  | { type: 'viewed'; qid: number; viewCount: number };

export type QuestionEventType = QuestionEvent['type'];

/**
 * Only events that add a question, change the answered set, or change a question's words or tags
 * (an edit) change how many questions match a list.
 */
export function changesListTotals(event: QuestionEvent): boolean {
  return event.type === 'created' || event.type === 'answered' || event.type === 'edited';
}
