import { describe, expect, it } from 'vitest';
import { sortAnswers } from './answers';
import { UpdateAnswerInput, UpdateQuestionInput } from './edits';

const answer = (id: number, voteScore: number) => ({ id, voteScore });

describe('answer order', () => {
  const answers = [answer(1, 0), answer(2, 3), answer(3, 3), answer(4, -1)];

  it('puts the accepted answer first, then the higher score, then the older', () => {
    expect(sortAnswers(answers, null).map((a) => a.id)).toEqual([2, 3, 1, 4]);
    expect(sortAnswers(answers, 4).map((a) => a.id)).toEqual([4, 2, 3, 1]);
  });

  it('lists oldest first when asked, whatever is accepted', () => {
    expect(sortAnswers(answers, 4, 'oldest').map((a) => a.id)).toEqual([1, 2, 3, 4]);
  });

  it('leaves the given list as it was', () => {
    const copy = [...answers];
    sortAnswers(answers, 3);
    expect(answers).toEqual(copy);
  });
});

describe('edit inputs', () => {
  it('check what asking and answering check, in the same words', () => {
    const question = UpdateQuestionInput.safeParse({ qid: 1, title: ' ', text: 'x', tags: ['a'] });
    expect(question.error?.issues[0]?.message).toBe('Title cannot be empty');
    const answer = UpdateAnswerInput.safeParse({ answerId: 1, text: '' });
    expect(answer.error?.issues[0]?.message).toBe('Answer text cannot be empty');
  });
});
