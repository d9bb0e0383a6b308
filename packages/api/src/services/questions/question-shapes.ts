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
  /** When it was asked, or last answered or commented on. */
  lastActivityAt: Date;
  answerCount: number;
  viewCount: number;
  upVoteCount: number;
  downVoteCount: number;
  /** voteScore(upVoteCount, downVoteCount): the number the vote box shows. */
  voteScore: number;
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
}

export interface AnswerView {
  id: number;
  text: string;
  ansBy: string;
  ansDateTime: Date;
  /** Oldest first. */
  comments: CommentView[];
}

/** +1 upvoted, -1 downvoted, 0 neither (SPEC §4). */
export type MyVote = 1 | -1 | 0;

export interface QuestionVotes {
  upVotes: string[];
  downVotes: string[];
  myVote: MyVote;
}

export interface QuestionDetail extends QuestionVotes {
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
  /** Oldest first, each with its comments. */
  answers: AnswerView[];
}
