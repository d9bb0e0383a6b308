import {
  CreateProblemInput,
  difficultyLabels,
  PROBLEM_DIFFICULTIES,
  PROBLEM_TITLE_MAX,
  type ProblemDifficulty,
  problemMessages,
  removeTestCaseError,
  TestSolutionInput,
} from '@app/validators';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, PageHeader, TextAreaField, TextField } from '../../shared/components';
import { CodeEditor } from '../../shared/components/CodeEditor';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useApplyProblemEvent } from './cache';
import { errorMessage } from '../../shared/lib/errors';
import {
  fieldMessage,
  hasErrors,
  problemFormErrors,
  testCasesInput,
  type ProblemField,
  type ProblemFormErrors,
  type TestCaseDraft,
} from './problemForm';
import type { TestResult } from './problemTypes';
import { allPassed } from './testResults';
import { trpc } from '../../trpc';
import { TestCaseFields } from './TestCaseFields';
import { TestResultsPanel } from './TestResultsPanel';
import { topicsFromText } from './workspace';

type Notice = { tone: 'error' | 'success'; text: string } | null;
const NO_ERRORS: ProblemFormErrors = { form: null, fields: {}, tests: {} };

/**
 * Add a New Problem (/problems/create, SPEC §2, §4, §5): title, description, function signature,
 * test cases (each may be hidden), the example solution in a code editor, Test Solution and Submit.
 * Submit counts only after Test Solution ran and every result was OK; editing a test or the solution
 * clears the results. The server runs the solution again before it accepts the problem.
 */
export default function CreateProblemPage() {
  useDocumentTitle('Add a New Problem');
  const navigate = useNavigate();
  const apply = useApplyProblemEvent();
  const testSolution = trpc.problem.testSolution.useMutation();
  const create = trpc.problem.create.useMutation();

  const [title, setTitle] = useState('');
  const [problemText, setProblemText] = useState('');
  const [functionSignature, setFunctionSignature] = useState('');
  const [difficulty, setDifficulty] = useState<ProblemDifficulty>('easy');
  const [topicsText, setTopicsText] = useState('');
  const difficultyId = useId();
  const nextKey = useRef(1);
  const [tests, setTests] = useState<TestCaseDraft[]>([{ key: 0, testCode: '', hidden: false }]);
  const [solution, setSolution] = useState('');
  const [results, setResults] = useState<TestResult[] | null>(null);
  const [errors, setErrors] = useState<ProblemFormErrors>(NO_ERRORS);
  const [listError, setListError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // Bumped by every edit of the tests or the solution: results for an older revision are dropped.
  const revision = useRef(0);

  const validated = allPassed(results);

  const clearField = (field: ProblemField) =>
    setErrors((old) => {
      if (!old.fields[field]) return old;
      const fields = { ...old.fields };
      delete fields[field];
      return { ...old, fields };
    });

  // SPEC §4: editing any test case or the example solution clears the results.
  const invalidateResults = () => {
    revision.current += 1;
    setResults(null);
    setNotice(null);
  };

  const editTest = (index: number, patch: Partial<Omit<TestCaseDraft, 'key'>>) => {
    setTests((old) => old.map((test, i) => (i === index ? { ...test, ...patch } : test)));
    setErrors((old) => {
      if (!(index in old.tests)) return old;
      const rest = { ...old.tests };
      delete rest[index];
      return { ...old, tests: rest };
    });
    setListError(null);
    invalidateResults();
  };
  const addTest = () => {
    setTests((old) => [...old, { key: nextKey.current++, testCode: '', hidden: false }]);
    setListError(null);
    invalidateResults();
  };
  const removeTest = (index: number) => {
    const refusal = removeTestCaseError(tests.length);
    setListError(refusal);
    if (refusal) return;
    setTests((old) => old.filter((_, i) => i !== index));
    // Row errors are by index: the rows below move up, so their marks are recomputed on the next try.
    setErrors((old) => ({ ...old, tests: {} }));
    invalidateResults();
  };
  const editSolution = (value: string) => {
    setSolution(value);
    clearField('suggestedSolution');
    invalidateResults();
  };

  const onTestSolution = async () => {
    setNotice(null);
    const found = problemFormErrors(
      TestSolutionInput,
      { code: solution, testCases: testCasesInput(tests) },
      { code: 'suggestedSolution' },
    );
    setErrors({ ...found, fields: { ...errors.fields, ...found.fields } });
    if (hasErrors(found)) {
      if (found.form) setNotice({ tone: 'error', text: found.form });
      return;
    }
    const ran = revision.current;
    try {
      const reply = await testSolution.mutateAsync({
        code: solution,
        testCases: testCasesInput(tests),
      });
      if (ran !== revision.current) return;
      setResults(reply);
      setNotice(
        allPassed(reply)
          ? { tone: 'success', text: problemMessages.allPassed }
          : { tone: 'error', text: problemMessages.notAllPassed },
      );
    } catch (err) {
      if (ran !== revision.current) return;
      setNotice({
        tone: 'error',
        text: problemMessages.unableToRunTestsCreate(errorMessage(err)),
      });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const input = {
      title,
      problemText,
      functionSignature,
      testCases: testCasesInput(tests),
      suggestedSolution: solution,
      difficulty,
      topics: topicsFromText(topicsText),
    };
    const found = problemFormErrors(CreateProblemInput, input);
    setErrors(found);
    if (hasErrors(found)) {
      if (found.form) setNotice({ tone: 'error', text: found.form });
      return;
    }
    if (!validated) {
      setNotice({ tone: 'error', text: problemMessages.notValidated });
      return;
    }
    try {
      apply((await create.mutateAsync(input)).event);
      void navigate('/problems', { state: { notice: problemMessages.problemAdded } });
    } catch (err) {
      setNotice({ tone: 'error', text: problemMessages.unableToCreate(errorMessage(err)) });
    }
  };

  return (
    <div className="page form-page problem-form-page">
      <PageHeader title="Add a New Problem" />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label="Title"
          required
          hint={`Limit title to ${PROBLEM_TITLE_MAX} characters or less`}
          value={title}
          error={fieldMessage(errors.fields.title)}
          invalid={Boolean(errors.fields.title)}
          onChange={(e) => {
            setTitle(e.target.value);
            clearField('title');
          }}
          autoFocus
        />
        <TextAreaField
          label="Description"
          required
          hint="What the function receives and what it must return."
          rows={6}
          value={problemText}
          error={fieldMessage(errors.fields.problemText)}
          invalid={Boolean(errors.fields.problemText)}
          onChange={(e) => {
            setProblemText(e.target.value);
            clearField('problemText');
          }}
        />
        <TextAreaField
          label="Function Signature"
          required
          hint="The starter code people begin from, e.g. function add(a, b) {}"
          rows={3}
          className="input--code"
          spellCheck={false}
          autoCapitalize="none"
          value={functionSignature}
          error={fieldMessage(errors.fields.functionSignature)}
          invalid={Boolean(errors.fields.functionSignature)}
          onChange={(e) => {
            setFunctionSignature(e.target.value);
            clearField('functionSignature');
          }}
        />
        <div className="field">
          <label htmlFor={difficultyId} className="field__label">
            Difficulty
          </label>
          <select
            id={difficultyId}
            className="input problem-form__difficulty"
            value={difficulty}
            onChange={(e) => setDifficulty(e.target.value as ProblemDifficulty)}
          >
            {PROBLEM_DIFFICULTIES.map((level) => (
              <option key={level} value={level}>
                {difficultyLabels[level]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Topics"
          hint={problemMessages.topicsHint}
          value={topicsText}
          error={fieldMessage(errors.fields.topics)}
          invalid={Boolean(errors.fields.topics)}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(e) => {
            setTopicsText(e.target.value);
            clearField('topics');
          }}
        />
        <TestCaseFields
          tests={tests}
          errors={errors.tests}
          listError={listError}
          onChange={editTest}
          onAdd={addTest}
          onRemove={removeTest}
        />
        <CodeEditor
          label="Example Solution"
          required
          hint="It must pass every test. Tab indents; press Escape, then Tab, to leave the editor."
          value={solution}
          onChange={editSolution}
          error={fieldMessage(errors.fields.suggestedSolution)}
          invalid={Boolean(errors.fields.suggestedSolution)}
        />
        <div className="form-page__footer">
          <Button
            variant="secondary"
            busy={testSolution.isPending}
            onClick={() => void onTestSolution()}
          >
            Test Solution
          </Button>
          <Button
            type="submit"
            busy={create.isPending}
            aria-disabled={!validated}
            className={validated ? undefined : 'btn--inactive'}
          >
            Submit
          </Button>
          <p className="form-page__note">* indicates mandatory fields</p>
        </div>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {results && <TestResultsPanel results={results} />}
      </form>
    </div>
  );
}
