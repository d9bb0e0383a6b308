import { z } from 'zod';
import { CreateCommentInput } from './question';

/** A comment's author may edit it this long after posting it (Stack Overflow's five minutes). */
export const COMMENT_EDIT_WINDOW_MS = 5 * 60 * 1000;

/** What the server says about deleting, undeleting and editing comments. */
export const deletionMessages = {
  questionInvested:
    "You can't delete this question because others have invested time and effort into answering it.",
  acceptedAnswer: "You can't delete an accepted answer.",
  onlyAuthorDeletes: 'Only the author or a moderator can delete this post.',
  onlyModeratorUndeletes: 'Only a moderator can undelete a post that a moderator deleted.',
  onlyAuthorUndeletes: 'Only the author or a moderator can undelete this post.',
  commentNotFound: 'Comment not found',
  onlyAuthorEditsComment: 'Only the person who wrote a comment can edit it.',
  commentEditWindow: 'Comments can only be edited for 5 minutes after they are posted.',
  // What the page says on a post only its author and moderators still see.
  deletedByAuthor: 'Deleted by its author. Only the author and moderators can see it.',
  deletedByModerator: 'Deleted by a moderator. Only the author and moderators can see it.',
  hiddenByFlags: 'Hidden after several flags, until a moderator reviews it.',
  delete: 'Delete',
  undelete: 'Undelete',
  confirmDelete: (kind: 'question' | 'answer' | 'comment') => `Delete this ${kind}?`,
  confirmDeleteBody: (kind: 'question' | 'answer' | 'comment') =>
    kind === 'question'
      ? 'It will disappear from the lists and search for everyone else. You can undelete it later.'
      : `It will disappear for everyone else. You can undelete it later.`,
  editComment: 'Edit',
  saveComment: 'Save',
  cancel: 'Cancel',
} as const;

export const CommentIdInput = z.object({ commentId: z.number().int().positive() });
export type CommentIdInput = z.infer<typeof CommentIdInput>;

export const UpdateCommentInput = CreateCommentInput.pick({ text: true }).extend({
  commentId: z.number().int().positive(),
});
export type UpdateCommentInput = z.infer<typeof UpdateCommentInput>;

/** Which post a deletion or undeletion is about (the procedures' inputs, one per kind). */
export type PostRef =
  | { type: 'question'; id: number }
  | { type: 'answer'; id: number }
  | { type: 'comment'; id: number };

/** The community's rules for closing a question as a duplicate (settings; these are the defaults). */
export const DEFAULT_CLOSE_VOTES_NEEDED = 3;
export const DEFAULT_CLOSE_VOTE_REPUTATION = 500;

/** What the server and the page say about closing and reopening questions. */
export const closeMessages = {
  needsReputation: (reputation: number) =>
    `You need ${reputation} reputation to vote to close or reopen questions.`,
  alreadyClosed: 'This question is already closed.',
  notClosed: 'This question is not closed.',
  alreadyVoted: 'You have already voted on this.',
  notItself: 'A question cannot be a duplicate of itself.',
  nameOriginal: 'Name the question this one duplicates.',
  originalNotFound: 'The original question was not found.',
  closedNoAnswers: 'This question is closed: it does not take new answers.',
  closedAsDuplicate: 'This question already has an answer here:',
  closedBanner: 'Closed. This question does not take new answers.',
  voteToClose: 'Close as duplicate',
  voteToReopen: 'Reopen',
} as const;

/** `duplicateOf` names the original; only a moderator may close without one. */
export const CloseQuestionInput = z.object({
  qid: z.number().int().positive(),
  duplicateOf: z.number().int().positive().optional(),
});
export type CloseQuestionInput = z.infer<typeof CloseQuestionInput>;
