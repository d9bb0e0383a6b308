import {
  CreateSubmissionInput,
  formError,
  problemMessages,
  RunProblemTestsInput,
} from '@app/validators';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, LoadingState, PageHeader } from '../../shared/components';
import { CodeEditor } from '../../shared/components/CodeEditor';
import { RichText } from '../../shared/components/RichText';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useApplyProblemEvent } from './cache';
import { errorCode, errorMessage } from '../../shared/lib/errors';
import type { ProblemDetail, TestResult } from './problemTypes';
import { parseId } from '../../shared/lib/parseId';
import { allPassed } from './testResults';
import { trpc } from '../../trpc';
import { ProblemNotFound } from './ProblemNotFound';
import { TestCaseList } from './TestCaseList';
import { TestResultsPanel } from './TestResultsPanel';

/** SPEC §4, §9: after 'Solution submitted successfully!' the app goes to the problem after 500 ms. */
export const REDIRECT_AFTER_SUBMIT_MS = 500;

type Notice = { tone: 'error' | 'success'; lines: string[] } | null;

/**
 * Attempt (/problems/:problemId/attempt, SPEC §2, §4, §5): the description, the visible tests, a note
 * that hidden tests may exist, an editor starting from the function signature, Run Tests (every test
 * runs on the server; hidden ones report only their number and verdict) and Submit, which counts
 * only when every result of the code as it stands is OK.
 */
export default function AttemptProblemPage() {
  const id = parseId(useParams().problemId);
  const problem = trpc.problem.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  useDocumentTitle(problem.data ? `Attempt: ${problem.data.title}` : 'Attempt Problem');
  const code = problem.isError ? errorCode(problem.error) : null;
  if (id === null || code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <ProblemNotFound />;
  if (problem.isPending) return <LoadingState label={problemMessages.loading} />;
  if (!problem.data) {
    return (
      <div className="page">
        <Alert>{problemMessages.failedToLoadProblem}</Alert>
      </div>
    );
  }
  return <Attempt key={id} problem={problem.data} />;
}

function Attempt({ problem }: { problem: ProblemDetail }) {
  const navigate = useNavigate();
  const apply = useApplyProblemEvent();
  const runTests = trpc.problem.runTests.useMutation();
  const submit = trpc.submission.create.useMutation();
  const sectionId = useId();

  const [code, setCode] = useState(problem.functionSignature);
  const [results, setResults] = useState<{ code: string; results: TestResult[] } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [submitted, setSubmitted] = useState(false);

  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const stale = results !== null && results.code !== code;
  const canSubmit = results !== null && !stale && allPassed(results.results);

  const onRunTests = async () => {
    setNotice(null);
    const invalid = formError(RunProblemTestsInput, { problemId: problem.id, code });
    if (invalid) {
      setNotice({ tone: 'error', lines: [invalid] });
      return;
    }
    const ran = code;
    try {
      const reply = await runTests.mutateAsync({ problemId: problem.id, code: ran });
      setResults({ code: ran, results: reply });
      setNotice(
        allPassed(reply)
          ? { tone: 'success', lines: [problemMessages.testsRun, problemMessages.allPassed] }
          : { tone: 'error', lines: [problemMessages.someFailed] },
      );
    } catch (err) {
      setNotice({ tone: 'error', lines: [problemMessages.errorRunningTests(errorMessage(err))] });
    }
  };

  const onSubmit = async () => {
    setNotice(null);
    if (!canSubmit) {
      setNotice({ tone: 'error', lines: [problemMessages.notAllPassing] });
      return;
    }
    const invalid = formError(CreateSubmissionInput, { problemId: problem.id, code });
    if (invalid) {
      setNotice({ tone: 'error', lines: [invalid] });
      return;
    }
    try {
      apply((await submit.mutateAsync({ problemId: problem.id, code })).event);
      setSubmitted(true);
      setNotice({ tone: 'success', lines: [problemMessages.solutionSubmitted] });
      redirect.current = window.setTimeout(
        () => void navigate(`/problem/${problem.id}`),
        REDIRECT_AFTER_SUBMIT_MS,
      );
    } catch (err) {
      setNotice({ tone: 'error', lines: [problemMessages.errorSubmitting(errorMessage(err))] });
    }
  };

  return (
    <div className="page problem-page attempt-page">
      <PageHeader
        title={problem.title}
        subtitle={
          <Link to={`/problem/${problem.id}`} className="attempt-page__back">
            Back to the problem
          </Link>
        }
      />
      <section className="problem-section" aria-labelledby={`${sectionId}-description`}>
        <h2 id={`${sectionId}-description`} className="section-title">
          Description
        </h2>
        <RichText text={problem.problemText} className="problem-page__text" />
      </section>
      <section className="problem-section" aria-labelledby={`${sectionId}-tests`}>
        <h2 id={`${sectionId}-tests`} className="section-title">
          Test Cases
        </h2>
        <TestCaseList testCases={problem.testCases} />
        <p className="problem-note">{problemMessages.hiddenTestsNote}</p>
      </section>
      <div className="attempt-page__editor">
        <CodeEditor
          label="Your Solution"
          hint="Tab indents; press Escape, then Tab, to leave the editor."
          value={code}
          onChange={setCode}
        />
        <div className="button-row">
          <Button
            variant="secondary"
            busy={runTests.isPending}
            disabled={submitted}
            onClick={() => void onRunTests()}
          >
            Run Tests
          </Button>
          <Button
            busy={submit.isPending}
            disabled={submitted}
            aria-disabled={!canSubmit}
            className={canSubmit ? undefined : 'btn--inactive'}
            onClick={() => void onSubmit()}
          >
            Submit
          </Button>
        </div>
        {notice && (
          <Alert tone={notice.tone}>
            {notice.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Alert>
        )}
      </div>
      {results && <TestResultsPanel results={results.results} stale={stale} />}
    </div>
  );
}
