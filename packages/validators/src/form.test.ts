import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LoginInput, SignupForm } from './auth';
import { formError, formErrors } from './form';
import { hyperlinkMessages } from './hyperlink';
import {
  CreateAnswerInput,
  CreateCommentInput,
  CreateQuestionInput,
  parseTagNames,
  questionMessages,
} from './question';
import { ResetPasswordForm, UpdateBiographyInput, userMessages } from './user';

// What the New Question page sends: the Tags field split as the server splits it.
const questionForm = (fields: { title: string; text: string; tags: string }) =>
  formErrors(CreateQuestionInput, { ...fields, tags: parseTagNames(fields.tags) });
const answerForm = (text: string) => formErrors(CreateAnswerInput, { qid: 1, text }).text;
const commentForm = (text: string) =>
  formErrors(CreateCommentInput, { id: 1, type: 'answer', text }).text;

const valid = { title: 'A title', text: 'Some text', tags: 'react' };

describe('New question form (SPEC §5)', () => {
  it('shows the first problem of each field, in the spec’s words', () => {
    expect(questionForm({ title: ' ', text: '', tags: '' })).toEqual({
      title: 'Title cannot be empty',
      text: 'Question text cannot be empty',
      tags: 'Should have at least 1 tag',
    });
    expect(
      questionForm({
        title: 't',
        text: 'See [docs](http://example.com/docs)',
        tags: 'a b c d e f',
      }),
    ).toEqual({ text: hyperlinkMessages.invalid, tags: 'Cannot have more than 5 tags' });
    expect(questionForm({ ...valid, title: 'x'.repeat(101) }).title).toBe(
      'Title cannot be more than 100 characters',
    );
    expect(questionForm({ ...valid, tags: 'x'.repeat(21) }).tags).toBe(
      'New tag length cannot be more than 20',
    );
    expect(questionForm(valid)).toEqual({});
  });

  it('refuses question text over 30,000 characters with the server’s message', () => {
    expect(questionForm({ ...valid, text: 'x'.repeat(30_000) }).text).toBeUndefined();
    expect(questionForm({ ...valid, text: 'x'.repeat(30_001) }).text).toBe(
      'Text cannot be more than 30000 characters',
    );
  });

  it('says the spec’s words for very many or very long tags too', () => {
    const many = Array.from({ length: 101 }, (_, i) => `t${i}`).join(' ');
    expect(questionForm({ ...valid, tags: many }).tags).toBe(questionMessages.tagsMax);
    expect(questionForm({ ...valid, tags: 'x'.repeat(600) }).tags).toBe(
      questionMessages.tagTooLong,
    );
  });
});

describe('New answer form (SPEC §5)', () => {
  it("requires text: 'Answer text cannot be empty'; the hyperlink check applies", () => {
    expect(answerForm(' \u200B ')).toBe('Answer text cannot be empty');
    expect(answerForm('[docs](https://)')).toBe(hyperlinkMessages.invalid);
    expect(answerForm('See [docs](https://example.com)')).toBeUndefined();
  });

  it('refuses text over 30,000 characters with the server’s message', () => {
    expect(answerForm('x'.repeat(30_000))).toBeUndefined();
    expect(answerForm('x'.repeat(30_001))).toBe('Text cannot be more than 30000 characters');
  });
});

describe('Comment box (SPEC §5)', () => {
  it("says 'Comment text cannot be empty' for blank text, and refuses over 600 characters", () => {
    expect(commentForm('   ')).toBe('Comment text cannot be empty');
    expect(commentForm('x'.repeat(600))).toBeUndefined();
    expect(commentForm('x'.repeat(601))).toBe('Comment cannot be more than 600 characters');
  });
});

describe('Biography editor', () => {
  it('refuses a biography over 2000 characters and accepts an empty one', () => {
    const biography = (text: string) =>
      formError(UpdateBiographyInput, { username: 'alice', biography: text });
    expect(biography('')).toBeNull();
    expect(biography('x'.repeat(2001))).toBe(userMessages.biographyTooLong);
  });
});

describe('derived form errors', () => {
  // The server's first message for each field, read straight from its zod schema.
  function serverMessages(schema: z.ZodType, values: unknown): Record<string, string> {
    const messages: Record<string, string> = {};
    for (const issue of schema.safeParse(values).error?.issues ?? []) {
      const field = String(issue.path[0]);
      messages[field] ??= issue.message;
    }
    return messages;
  }

  const cases: [string, z.ZodType, Record<string, unknown>][] = [
    ['login', LoginInput, { username: ' ', password: 'x'.repeat(300) }],
    ['signup', SignupForm, { username: '..', password: 'short', confirmPassword: 'other' }],
    ['reset', ResetPasswordForm, { username: 'a', password: 'x'.repeat(300), confirmPassword: '' }],
    ['question', CreateQuestionInput, { title: '', text: '[a](b)', tags: ['x'.repeat(21)] }],
    ['answer', CreateAnswerInput, { qid: 1, text: '\u0000' }],
    ['comment', CreateCommentInput, { id: 1, type: 'question', text: 'x'.repeat(601) }],
  ];

  it.each(cases)('equal the server’s zod messages (%s form)', (_, schema, values) => {
    const errors = formErrors(schema, values);
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    expect(errors).toEqual(serverMessages(schema, values));
    expect(formError(schema, values)).toBe(schema.safeParse(values).error?.issues[0]?.message);
  });

  it('are empty exactly when the server accepts the input', () => {
    const values = { qid: 1, text: 'fine' };
    expect(CreateAnswerInput.safeParse(values).success).toBe(true);
    expect(formErrors(CreateAnswerInput, values)).toEqual({});
    expect(formError(CreateAnswerInput, values)).toBeNull();
  });
});
