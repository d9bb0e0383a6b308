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
