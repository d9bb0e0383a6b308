import {
  CreateCollabCodeGameInput,
  CreateNimGameInput,
  gameMessages,
  numberFromField,
} from '@app/validators';
import { describe, expect, it } from 'vitest';
import { gameFormErrors, hasGameFormErrors, withoutError, withVisitedField } from './gameForm';

describe('gameFormErrors (SPEC §5)', () => {
  it('says what is wrong with a Nim game', () => {
    expect(gameFormErrors(CreateNimGameInput, { title: '', isPrivate: false })).toEqual({
      title: gameMessages.titleRequired,
    });
    expect(gameFormErrors(CreateNimGameInput, { title: '  abc  ', isPrivate: false })).toEqual({
      title: gameMessages.titleTooShort,
    });
    expect(
      gameFormErrors(CreateNimGameInput, {
        title: 'x'.repeat(25),
        isPrivate: true,
        password: 'ab',
      }),
    ).toEqual({ title: gameMessages.titleTooLong, password: gameMessages.passwordTooShort });
    expect(
      hasGameFormErrors(
        gameFormErrors(CreateNimGameInput, { title: 'Nim night', isPrivate: false }),
      ),
    ).toBe(false);
  });

  it('checks the CollabCode limits and the problem', () => {
    const base = { title: 'Pair up', isPrivate: false, problemId: 3 };
    expect(
      gameFormErrors(CreateCollabCodeGameInput, {
        ...base,
        playerLimit: numberFromField('1'),
        timeLimit: numberFromField('241'),
      }),
    ).toEqual({ playerLimit: gameMessages.minPlayers, timeLimit: gameMessages.maxTime });
    expect(
      gameFormErrors(CreateCollabCodeGameInput, {
        ...base,
        playerLimit: numberFromField('21'),
        timeLimit: numberFromField('abc'),
      }),
    ).toEqual({ playerLimit: gameMessages.maxPlayers, timeLimit: gameMessages.timeLimitNotNumber });
    expect(
      gameFormErrors(CreateCollabCodeGameInput, {
        ...base,
        problemId: undefined,
        playerLimit: 4,
        timeLimit: 4,
      }),
    ).toEqual({ problemId: gameMessages.selectProblem, timeLimit: gameMessages.minTime });
  });

  it('drops a field’s error once it is edited', () => {
    const errors = { title: 'x', password: 'y' };
    expect(withoutError(errors, 'title')).toEqual({ password: 'y' });
    expect(withoutError(errors, 'problemId')).toBe(errors);
  });
});

describe('withVisitedField: errors after a visit, never before', () => {
  const found = { title: gameMessages.titleTooShort, problemId: gameMessages.selectProblem };

  it('shows only the field just left, from the form as it is now', () => {
    expect(withVisitedField({}, 'title', found)).toEqual({ title: gameMessages.titleTooShort });
    expect(withVisitedField({ title: 'old' }, 'problemId', found)).toEqual({
      title: 'old',
      problemId: gameMessages.selectProblem,
    });
  });

  it('drops the field’s error once it is right', () => {
    expect(withVisitedField({ title: gameMessages.titleTooShort }, 'title', {})).toEqual({});
  });
});
