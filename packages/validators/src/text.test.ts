import { describe, expect, it } from 'vitest';
import { formErrors } from './form';
import {
  CreateCommentInput,
  CreateQuestionInput,
  parseSearch,
  parseTagNames,
  questionMessages,
} from './question';
import { charCount, cleanText } from './text';

const questionForm = (fields: { title: string; text: string; tags: string }) =>
  formErrors(CreateQuestionInput, { ...fields, tags: parseTagNames(fields.tags) });

describe('text people write', () => {
  it('loses control and direction-override characters, and keeps line breaks', () => {
    expect(cleanText('nul\u0000here\u0007bell\u001b[31m')).toBe('nulherebell[31m');
    expect(cleanText('abc\u202Eevil\u202C')).toBe('abcevil');
    expect(cleanText(' line one\r\nline two ')).toBe('line one\nline two');
  });

  it('loses lone surrogate halves and keeps whole pairs (an emoji)', () => {
    expect(cleanText('a\uD800b\uDC00c')).toBe('abc');
    expect(cleanText('a😀b')).toBe('a😀b');
  });

  it('counts as empty when nothing visible is left', () => {
    expect(cleanText('\u200B\u200B')).toBe('');
    expect(cleanText('\u200D \u2060')).toBe('');
    expect(
      CreateQuestionInput.shape.title.safeParse('\u200B\u200B').error?.issues[0]?.message,
    ).toBe(questionMessages.titleEmpty);
    expect(CreateCommentInput.shape.text.safeParse('\u0000').error?.issues[0]?.message).toBe(
      questionMessages.commentEmpty,
    );
  });

  it('counts characters the same in the form and on the server (an emoji is one)', () => {
    const title = '😀'.repeat(100);
    expect(charCount(title)).toBe(100);
    expect(CreateQuestionInput.shape.title.safeParse(title).success).toBe(true);
    expect(questionForm({ title, text: 'x', tags: 'a' }).title).toBeUndefined();
    const tooLong = '😀'.repeat(101);
    expect(CreateQuestionInput.shape.title.safeParse(tooLong).success).toBe(false);
    expect(questionForm({ title: tooLong, text: 'x', tags: 'a' }).title).toBe(
      questionMessages.titleTooLong,
    );
  });
});

describe('tag names', () => {
  it('drop invisible entries and keep letters of any script', () => {
    expect(parseTagNames('\u200B react  Österreich c++ c#')).toEqual([
      'react',
      'Österreich',
      'c++',
      'c#',
    ]);
  });

  it("refuse characters that can't be searched as [tag]", () => {
    for (const tags of ['we]ird', '<b>x</b>', 'a/b', 'a:b', '"q"']) {
      expect(questionForm({ title: 't', text: 'x', tags }).tags).toBe(
        questionMessages.tagCharacters,
      );
    }
  });
});

describe('search words', () => {
  it('counts only the first 8 words', () => {
    expect(parseSearch('a b c d e f g h i j').words).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
    ]);
  });
});
