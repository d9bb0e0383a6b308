import { CreateProblemInput, problemMessages, TestSolutionInput } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { hasErrors, problemFormErrors, testCasesInput } from './problemForm';

const valid = {
  title: 'Add two numbers',
  problemText: 'Return a + b.',
  functionSignature: 'function add(a, b) {}',
  testCases: [{ testCode: 'assert(add(1, 2), 3)', hidden: false }],
  suggestedSolution: 'function add(a, b) { return a + b; }',
};

describe('problemFormErrors (SPEC §5, in the validators’ words)', () => {
  it('finds nothing wrong with a complete problem', () => {
    const errors = problemFormErrors(CreateProblemInput, valid);
    expect(hasErrors(errors)).toBe(false);
  });

  it("marks every empty field and test and says 'Not all fields have been filled' once", () => {
    const errors = problemFormErrors(CreateProblemInput, {
      title: ' ',
      problemText: '',
      functionSignature: 'function f() {}',
      testCases: [
        { testCode: 'assert(f(), 1)', hidden: false },
        { testCode: '', hidden: true },
      ],
      suggestedSolution: '',
    });
    expect(errors.form).toBe(problemMessages.fieldsMissing);
    expect(errors.fields).toEqual({ title: true, problemText: true, suggestedSolution: true });
    expect(errors.tests).toEqual({ 1: true });
  });

  it('puts a message of its own under its field or test', () => {
    const errors = problemFormErrors(CreateProblemInput, {
      ...valid,
      title: 'x'.repeat(101),
      testCases: [{ testCode: 'add(1, 2) === 3', hidden: false }],
    });
    expect(errors.form).toBeNull();
    expect(errors.fields.title).toBe(problemMessages.titleTooLong);
    expect(errors.tests[0]).toBe(problemMessages.testForm);
  });

  it('says a rule on the list of tests above Submit', () => {
    const errors = problemFormErrors(CreateProblemInput, { ...valid, testCases: [] });
    expect(errors.form).toBe(problemMessages.noTests);
  });

  it("reads Test Solution's code as the example solution", () => {
    const errors = problemFormErrors(
      TestSolutionInput,
      { code: '  ', testCases: valid.testCases },
      { code: 'suggestedSolution' },
    );
    expect(errors.fields).toEqual({ suggestedSolution: true });
    expect(errors.form).toBe(problemMessages.fieldsMissing);
  });

  it('hands the server the tests without their row keys', () => {
    expect(testCasesInput([{ key: 4, testCode: 'assert(f(), 1)', hidden: true }])).toEqual([
      { testCode: 'assert(f(), 1)', hidden: true },
    ]);
  });
});
