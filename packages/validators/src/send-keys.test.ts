import { describe, expect, it } from 'vitest';
import { UpdateQuestionInput } from './edits';
import { SendGlobalMessageInput, messagingMessages } from './messaging';
import {
  CreateAnswerInput,
  CreateCommentInput,
  CreateQuestionInput,
  questionMessages,
} from './question';

const question = { title: 'A title', text: 'Some text', tags: ['sql'] };
const answer = { qid: 1, text: 'An answer' };
const comment = { id: 1, type: 'question', text: 'A comment' };
const KEY = 'Zm9yIG9uZSBwb3N0IG9ubHk';

const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('send keys (issue 24: a retried send is posted once)', () => {
  it('are optional on a question, an answer and a comment: the original client sends none', () => {
    for (const [schema, post] of [
      [CreateQuestionInput, question],
      [CreateAnswerInput, answer],
      [CreateCommentInput, comment],
    ] as const) {
      expect(schema.safeParse(post).success).toBe(true);
      expect(schema.parse({ ...post, sendKey: KEY }).sendKey).toBe(KEY);
    }
  });

  it('are 16–64 letters, digits, - or _, refused in the post’s words or the message’s', () => {
    for (const sendKey of ['short', 'x'.repeat(65), 'has spaces in it!!', 42]) {
      expect(problem(CreateAnswerInput.safeParse({ ...answer, sendKey }))).toBe(
        questionMessages.invalidSendKey,
      );
      expect(problem(SendGlobalMessageInput.safeParse({ msg: 'hi', sendKey }))).toBe(
        messagingMessages.invalidSendKey,
      );
    }
    expect(CreateAnswerInput.safeParse({ ...answer, sendKey: 'a'.repeat(64) }).success).toBe(true);
  });

  it('are not part of an edit: saving an edit again changes nothing more', () => {
    expect(UpdateQuestionInput.parse({ ...question, qid: 1, sendKey: KEY })).not.toHaveProperty(
      'sendKey',
    );
  });
});
