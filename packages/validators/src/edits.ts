import { z } from 'zod';
import { CreateAnswerInput, CreateQuestionInput } from './question';

/** Editing questions and answers, and their revision history: inputs and every sentence they show. */

export const editMessages = {
  onlyAuthorEditsQuestion: 'Only the person who asked a question can edit it.',
  onlyAuthorEditsAnswer: 'Only the person who wrote an answer can edit it.',
  noChanges: 'Nothing has changed: edit the text, title or tags before saving.',
  editFailed: 'Error while saving the edit',
  saveEdits: 'Save Edits',
  cancel: 'Cancel',
  editQuestion: 'Edit Question',
  editAnswer: 'Edit Answer',
  edit: 'Edit',
  revisions: 'Revisions',
  noRevisions: 'This post has not been edited.',
  inline: 'Inline',
  sideBySide: 'Side by side',
  diffView: 'Diff view',
  before: 'Before',
  after: 'After',
  added: 'added',
  removed: 'removed',
  title: 'Title',
  text: 'Text',
  tags: 'Tags',
  reordered: 'Tags reordered',
  revisionsFailed: 'Error when fetching the revisions',
} as const;

/** The same rules as asking (title, text with its hyperlinks, tags), for the question `qid`. */
// An edit is not sent with a key: saving the same edit twice changes nothing the second time.
export const UpdateQuestionInput = CreateQuestionInput.omit({ sendKey: true }).extend({
  qid: z.number().int().positive(),
});
export type UpdateQuestionInput = z.infer<typeof UpdateQuestionInput>;

/** The same rules as answering, for the answer `answerId`. */
export const UpdateAnswerInput = CreateAnswerInput.pick({ text: true }).extend({
  answerId: z.number().int().positive(),
});
export type UpdateAnswerInput = z.infer<typeof UpdateAnswerInput>;

export const AnswerIdInput = z.object({ answerId: z.number().int().positive() });
export type AnswerIdInput = z.infer<typeof AnswerIdInput>;

/** 'Edit 2 of 3', for a revision's heading. */
export const revisionLabel = (number: number, count: number): string =>
  `Edit ${number} of ${count}`;
