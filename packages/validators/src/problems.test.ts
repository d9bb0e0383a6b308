import { describe, expect, it } from 'vitest';
import { formError, formErrors } from './form';
import {
  acceptancePercent,
  beatsPercent,
  CODE_MAX,
  CreateProblemInput,
  CreateSubmissionInput,
  ListProblemsInput,
  ListSubmissionsInput,
  nextSort,
  problemCardText,
  problemMessages,
  removeTestCaseError,
  RunProblemTestsInput,
  TEST_CASES_MAX,
  TestSolutionInput,
  topicsSchema,
} from './problems';

const valid = {
  title: 'Add two numbers',
  problemText: 'Return a + b.',
  functionSignature: 'function add(a, b) {}',
  testCases: [{ testCode: 'assert(add(1, 2), 3)', hidden: false }],
  suggestedSolution: 'function add(a, b) { return a + b; }',
};

describe('CreateProblemInput (SPEC §5)', () => {
  it('accepts a complete problem; hidden defaults to false', () => {
    const parsed = CreateProblemInput.parse({
      ...valid,
      testCases: [{ testCode: 'assert(add(1, 2), 3)' }],
    });
    expect(parsed.testCases).toEqual([{ testCode: 'assert(add(1, 2), 3)', hidden: false }]);
  });

  it("says 'Not all fields have been filled' beside each empty field", () => {
    const errors = formErrors(CreateProblemInput, {
      title: ' ',
      problemText: '',
      functionSignature: '\n',
      testCases: [{ testCode: '', hidden: true }],
      suggestedSolution: '  ',
    });
    expect(errors).toEqual({
      title: problemMessages.fieldsMissing,
      problemText: problemMessages.fieldsMissing,
      functionSignature: problemMessages.fieldsMissing,
      testCases: problemMessages.fieldsMissing,
      suggestedSolution: problemMessages.fieldsMissing,
    });
  });

  it('checks the shape of a test, the number of tests and the length of code', () => {
    const withTests = (testCases: { testCode: string; hidden: boolean }[]) =>
      formError(CreateProblemInput, { ...valid, testCases });
    expect(withTests([])).toBe(problemMessages.noTests);
    expect(withTests([{ testCode: 'add(1, 2) === 3', hidden: false }])).toBe(
      problemMessages.testForm,
    );
    expect(withTests([{ testCode: '  assert(add(1, 2), 3);  ', hidden: false }])).toBeNull();
    expect(withTests([{ testCode: 'assert(\n  add(1, 2),\n  3\n)', hidden: false }])).toBeNull();
    expect(withTests(Array.from({ length: TEST_CASES_MAX + 1 }, () => valid.testCases[0]!))).toBe(
      problemMessages.tooManyTests,
    );
    expect(
      formError(CreateProblemInput, { ...valid, suggestedSolution: 'x'.repeat(CODE_MAX + 1) }),
    ).toBe(problemMessages.codeTooLong);
    // Length in code points, as people count: an emoji is one character.
    expect(
      formError(CreateProblemInput, { ...valid, suggestedSolution: '🙂'.repeat(CODE_MAX) }),
    ).toBeNull();
  });

  it('keeps code as written (indentation, trailing lines), only making line breaks \\n', () => {
    const code = '  function add(a, b) {\r\n\treturn a + b;\r\n}\r\n\r\n';
    const parsed = CreateProblemInput.parse({ ...valid, suggestedSolution: code });
    expect(parsed.suggestedSolution).toBe('  function add(a, b) {\n\treturn a + b;\n}\n\n');
    expect(parsed.title).toBe('Add two numbers');
  });

  it('TestSolutionInput checks the same code and tests', () => {
    expect(formError(TestSolutionInput, { code: '', testCases: valid.testCases })).toBe(
      problemMessages.fieldsMissing,
    );
    expect(formError(TestSolutionInput, { code: 'x', testCases: valid.testCases })).toBeNull();
  });
});

describe('attempt inputs (SPEC §5)', () => {
  it("Run Tests: 'Error: Missing problem ID or code'", () => {
    expect(formError(RunProblemTestsInput, { problemId: 1, code: ' ' })).toBe(
      problemMessages.missingIdOrCode,
    );
    expect(formError(RunProblemTestsInput, { code: 'x' } as never)).toBe(
      problemMessages.missingIdOrCode,
    );
    expect(formError(RunProblemTestsInput, { problemId: 1, code: 'x' })).toBeNull();
  });

  it("Submit: 'Error: Missing required information'", () => {
    expect(formError(CreateSubmissionInput, { problemId: 1, code: '' })).toBe(
      problemMessages.missingInfo,
    );
    expect(formError(CreateSubmissionInput, { code: 'x' } as never)).toBe(
      problemMessages.missingInfo,
    );
  });
});

describe('lists', () => {
  it('the problem list defaults to no sort, descending, 20 a page', () => {
    expect(ListProblemsInput.parse({})).toEqual({ direction: 'desc', limit: 20 });
  });

  it('the leaderboard defaults to date descending', () => {
    expect(ListSubmissionsInput.parse({ problemId: 3 })).toEqual({
      problemId: 3,
      sort: 'date',
      direction: 'desc',
      limit: 100,
    });
  });

  it('a sort button flips the active sort, and a new one starts descending (SPEC §2)', () => {
    expect(nextSort(null, 'upvotes')).toEqual({ sort: 'upvotes', direction: 'desc' });
    expect(nextSort({ sort: 'upvotes', direction: 'desc' }, 'upvotes')).toEqual({
      sort: 'upvotes',
      direction: 'asc',
    });
    expect(nextSort({ sort: 'upvotes', direction: 'asc' }, 'upvotes')).toEqual({
      sort: 'upvotes',
      direction: 'desc',
    });
    expect(nextSort({ sort: 'upvotes', direction: 'asc' }, 'date')).toEqual({
      sort: 'date',
      direction: 'desc',
    });
  });
});

describe('screens', () => {
  it("a card cuts the text at 75 characters plus '...'", () => {
    expect(problemCardText('short')).toBe('short');
    expect(problemCardText('x'.repeat(75))).toBe('x'.repeat(75));
    expect(problemCardText('x'.repeat(76))).toBe(`${'x'.repeat(75)}...`);
    expect(problemCardText('🙂'.repeat(80))).toBe(`${'🙂'.repeat(75)}...`);
  });

  it("the last test cannot be removed: 'Unable to remove another test'", () => {
    expect(removeTestCaseError(1)).toBe(problemMessages.lastTest);
    expect(removeTestCaseError(2)).toBeNull();
  });
});

describe('issue 24: percentiles, acceptance rate, topics', () => {
  it('beats the share of the others with a larger figure, everything when alone', () => {
    expect(beatsPercent(5, 6)).toBe(83);
    expect(beatsPercent(0, 4)).toBe(0);
    expect(beatsPercent(0, 0)).toBe(100);
  });

  it('accepts accepted submissions out of all submits, none when nobody submitted', () => {
    expect(acceptancePercent(3, 4)).toBe(75);
    expect(acceptancePercent(2, 3)).toBe(67);
    expect(acceptancePercent(0, 0)).toBeNull();
  });

  it('takes up to five slug-like topics, lower-cased and without repeats', () => {
    expect(topicsSchema.parse(['Math', 'math', ' two-pointers '])).toEqual([
      'math',
      'two-pointers',
    ]);
    expect(topicsSchema.safeParse(['two words']).success).toBe(false);
    expect(topicsSchema.safeParse(['-dash-first']).success).toBe(false);
    expect(topicsSchema.safeParse(['x'.repeat(31)]).success).toBe(false);
    expect(topicsSchema.safeParse(['a', 'b', 'c', 'd', 'e', 'f']).success).toBe(false);
  });
});
