import type { QuestionOrder } from '@app/validators';
import type { AnswerView, CommentView, QuestionSummary, TagView } from './shapes';

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
  | { type: 'viewed'; qid: number; viewCount: number }
  | {
      /** Flags hid the question, one of its answers or comments, or a moderator showed it again. */
      type: 'moderated';
      qid: number;
      target: { kind: 'question' | 'answer' | 'comment'; id: number };
      hidden: boolean;
    }
  | {
      /** A moderator closed the question (no new answers) or reopened it. */
      type: 'closed';
      qid: number;
      closedAt: Date | null;
    };

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
  viewed: {
    question: 'viewCount',
    lists: { orders: ['mostViewed'] },
    totals: false,
    tags: false,
    wholeLists: true,
  },
  // A hidden post leaves every list, total and search; its tags' counts with it.
  moderated: { question: 'whole', lists: 'every', totals: true, tags: true, wholeLists: true },
  closed: { question: 'whole', lists: 'every', totals: false, tags: false, wholeLists: true },
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
