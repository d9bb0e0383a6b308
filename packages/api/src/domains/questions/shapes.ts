import type { QuestionActivity } from '@app/validators';

/** What the question procedures and events hand out. Authors are usernames, times are Dates. */

export interface TagView {
  id: number;
  name: string;
  description: string;
}

/** A tag on the Tags page: how many questions carry it. */
export interface TagWithCount extends TagView {
  qcnt: number;
}

/** One card of the question list. */
export interface QuestionSummary {
  id: number;
  title: string;
  /** In the order the author gave them. */
  tags: TagView[];
  askedBy: string;
  askDateTime: Date;
  /** When it was asked, or last answered, commented on or edited (itself or one of its answers). */
  lastActivityAt: Date;
  /** What happened at lastActivityAt: the Active order's cards say 'answered 3 minutes ago'. */
  lastActivityKind: QuestionActivity;
  answerCount: number;
  viewCount: number;
  upVoteCount: number;
  downVoteCount: number;
  /** voteScore(upVoteCount, downVoteCount): the number the vote box shows. */
  voteScore: number;
  /** The asker has accepted one of its answers. */
  hasAcceptedAnswer: boolean;
}

export interface QuestionPage {
  items: QuestionSummary[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** How many questions match the order's filter, search and tag, over all pages. */
  total: number;
}

export interface CommentView {
  id: number;
  text: string;
  commentBy: string;
  commentDateTime: Date;
  /** When the author last edited it (within five minutes of posting); absent when never edited. */
  editedAt?: Date;
  /** Only on a post its author or a moderator still sees after it was deleted or hidden. */
  removal?: PostRemoval;
}

/**
 * Why a post everyone else no longer sees is still shown to this viewer (its author, a moderator):
 * deleted (by its author or by a moderator) or hidden by flags until a moderator looks.
 */
export interface PostRemoval {
  deleted: boolean;
  /** Deleted by a moderator, not its author: only a moderator may undelete it. */
  byModerator: boolean;
  hidden: boolean;
}

/** +1 upvoted, -1 downvoted, 0 neither (SPEC §4). */
export type MyVote = 1 | -1 | 0;

export interface QuestionVotes {
  upVotes: string[];
  downVotes: string[];
  myVote: MyVote;
}

/** The votes on a question or an answer, and the viewer's own. */
export interface PostVotes extends QuestionVotes {
  voteScore: number;
  /** Grows with each vote change: a client keeps the vote state with the highest. */
  voteVersion: number;
}

/** Whether and when a post was edited; the count also orders edited states that reach a client late. */
export interface PostEdits {
  /** The last edit's time, or null when never edited. */
  editedAt: Date | null;
  /** How many times it was edited (its revisions). */
  revisionCount: number;
}

export interface AnswerView extends PostVotes, PostEdits {
  id: number;
  text: string;
  ansBy: string;
  ansDateTime: Date;
  /** Oldest first. */
  comments: CommentView[];
  removal?: PostRemoval;
}

export interface QuestionDetail extends QuestionVotes, PostEdits {
  /** Grows with each vote change: a client keeps the vote state with the highest. */
  voteVersion: number;
  id: number;
  title: string;
  text: string;
  tags: TagView[];
  askedBy: string;
  askDateTime: Date;
  lastActivityAt: Date;
  viewCount: number;
  answerCount: number;
  voteScore: number;
  /** On the question itself, oldest first. */
  comments: CommentView[];
  /** The accepted one first, then by score, then oldest first (sortAnswers), each with its comments. */
  answers: AnswerView[];
  /** The answer the asker accepted, or null. */
  acceptedAnswerId: number | null;
  /** Grows with each accept or unaccept: a client keeps the accepted state with the highest. */
  acceptVersion: number;
  removal?: PostRemoval;
  /** Whether it is closed (as a duplicate of what) and the votes cast to close or reopen it. */
  closure: Closure;
  /** The viewer's own pending vote to close or reopen it. */
  myClosureVote: 'close' | 'reopen' | null;
}

/** A question as one edit left it. Tags are names, as they were then. */
export interface QuestionContent {
  title: string;
  text: string;
  tags: string[];
}

/** One edit of a question: who made it, when, and the values before and after it. */
export interface QuestionRevision {
  /** 1 for the first edit, 2 for the next, … */
  number: number;
  editedBy: string;
  editedAt: Date;
  before: QuestionContent;
  after: QuestionContent;
}

export interface AnswerRevision {
  number: number;
  editedBy: string;
  editedAt: Date;
  before: { text: string };
  after: { text: string };
}

/** A question's revision history, newest edit first. */
export interface QuestionRevisions {
  qid: number;
  title: string;
  askedBy: string;
  askDateTime: Date;
  revisions: QuestionRevision[];
}

/** An answer's revision history, newest edit first, with its question for the way back. */
export interface AnswerRevisions {
  qid: number;
  questionTitle: string;
  answerId: number;
  ansBy: string;
  ansDateTime: Date;
  revisions: AnswerRevision[];
}

/** Whether a question is closed, as a duplicate of what, and the votes cast to change that. */
export interface Closure {
  closedAt: Date | null;
  /** The original it duplicates, while closed as a duplicate. */
  duplicateOf: { id: number; title: string } | null;
  /** Votes to close it so far (while open) and to reopen it (while closed). */
  closeVotes: number;
  reopenVotes: number;
}
