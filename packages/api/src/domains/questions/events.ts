import type { PostRef, QuestionOrder } from '@app/validators';
import type { AnswerView, Closure, CommentView, QuestionSummary, TagView } from './shapes';

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
  | {
      /** The author edited a comment (within five minutes of posting it). */
      type: 'commentEdited';
      qid: number;
      parent: { type: 'question' | 'answer'; id: number };
      comment: CommentView;
    }
  | {
      /**
       * A post was deleted, undeleted, hidden by flags or shown again: the state it is in now. Who
       * may still see it depends on the viewer, so pages read it again.
       */
      type: 'visibility';
      qid: number;
      post: PostRef;
      /** For a comment: what it is on (the question itself or one of its answers). */
      parent?: { type: 'question' | 'answer'; id: number };
      deleted: boolean;
      hidden: boolean;
      /** The question's answers everyone sees, after the change. */
      answerCount: number;
    }
  | {
      /** Closed, reopened, or a vote to do either was cast: the question's closure now. */
      type: 'closure';
      qid: number;
      closure: Closure;
    }
  | { type: 'viewed'; qid: number; viewCount: number };

export type QuestionEventType = QuestionEvent['type'];

/**
 * What one kind of question event makes stale among cached reads (read-cache/). Every cache of
 * question data reads this, so a kind is classified here once and nowhere else.
 */
export interface QuestionInvalidation {
  /**
   * The question's own page and its JSON: 'whole' drops them; 'viewCount' says only the view count
   * changed, so a copy that can patch its count in place is kept (any other is dropped).
   */
  question: 'whole' | 'viewCount';
  /**
   * List pages: 'every' one, or those that show the question plus every page of these orders (the
   * event may move the question within them).
   */
  lists: 'every' | { orders: readonly QuestionOrder[] };
  /** How many questions match a filter: only a new question, the answered set or new words change it. */
  totals: boolean;
  /** The tag list with its counts: only a new question or an edit of its tags changes it. */
  tags: boolean;
  /** The original client's whole lists: every question in one body, views and votes included. */
  wholeLists: boolean;
}

/**
 * Each kind of question event, classified once. A kind added to QuestionEvent fails typecheck here
 * until it is given its row.
 */
export const QUESTION_INVALIDATION = {
  created: { question: 'whole', lists: 'every', totals: true, tags: true, wholeLists: true },
  answered: { question: 'whole', lists: 'every', totals: true, tags: false, wholeLists: true },
  // Last activity moves the question within Active.
  commented: {
    question: 'whole',
    lists: { orders: ['active'] },
    totals: false,
    tags: false,
    wholeLists: true,
  },
  voted: { question: 'whole', lists: { orders: [] }, totals: false, tags: false, wholeLists: true },
  answerVoted: { question: 'whole', lists: 'every', totals: false, tags: false, wholeLists: true },
  accepted: { question: 'whole', lists: 'every', totals: false, tags: false, wholeLists: true },
  // New words and tags change which questions match, and an edit is activity.
  edited: { question: 'whole', lists: 'every', totals: true, tags: true, wholeLists: true },
  answerEdited: { question: 'whole', lists: 'every', totals: false, tags: false, wholeLists: true },
  commentEdited: {
    question: 'whole',
    lists: { orders: [] },
    totals: false,
    tags: false,
    wholeLists: true,
  },
  // A question leaves or rejoins every list, count and tag count; an answer changes its count.
  visibility: { question: 'whole', lists: 'every', totals: true, tags: true, wholeLists: true },
  closure: {
    question: 'whole',
    lists: { orders: [] },
    totals: false,
    tags: false,
    wholeLists: false,
  },
  viewed: {
    question: 'viewCount',
    lists: { orders: ['mostViewed'] },
    totals: false,
    tags: false,
    wholeLists: true,
  },
} as const satisfies Record<QuestionEventType, QuestionInvalidation>;

/**
 * A kind no row names (an event from a newer process sharing the bus) may have changed anything:
 * everything of the question topic goes.
 */
export const INVALIDATES_EVERYTHING: QuestionInvalidation = {
  question: 'whole',
  lists: 'every',
  totals: true,
  tags: true,
  wholeLists: true,
};

/** The row of an event's kind in a table (the domain's own by default). */
export function questionInvalidation(
  event: QuestionEvent,
  table: Readonly<Record<string, QuestionInvalidation>> = QUESTION_INVALIDATION,
): QuestionInvalidation {
  return Object.hasOwn(table, event.type)
    ? (table[event.type] ?? INVALIDATES_EVERYTHING)
    : INVALIDATES_EVERYTHING;
}

declare module '../../core/topics' {
  interface EventMap {
    question: QuestionEvent;
  }
}
