import {
  CreateSubmissionInput,
  formError,
  problemMessages,
  RunProblemTestsInput,
} from '@app/validators';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, LoadingState, Modal, PageHeader } from '../../shared/components';
import { CodeEditor } from '../../shared/components/CodeEditor';
import { RichText } from '../../shared/components/RichText';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useApplyProblemEvent } from './cache';
import { errorCode, errorMessage } from '../../shared/lib/errors';
import type { ProblemDetail, TestResult, Verdict } from './problemTypes';
import { parseId } from '../../shared/lib/parseId';
import { allPassed } from './testResults';
import { trpc } from '../../trpc';
import { ProblemNotFound } from './ProblemNotFound';
import { TestCaseList } from './TestCaseList';
import { TestResultsPanel } from './TestResultsPanel';
import { VerdictPanel } from './VerdictPanel';
import { ProblemTags } from './ProblemTags';
import { SplitDivider } from './SplitDivider';
import { useProblemDraft, type DraftStatus } from './useProblemDraft';
import { useWorkspaceLayout } from './useWorkspaceLayout';
import {
  modifierKeyName,
  shortcutOf,
  SPLIT_DEFAULT,
  WORKSPACE_TABS,
  type WorkspaceTab,
} from './workspace';

/** SPEC §4, §9: after 'Solution submitted successfully!' the app goes to the problem after 500 ms. */
export const REDIRECT_AFTER_SUBMIT_MS = 500;

type Notice = { tone: 'error' | 'success'; lines: string[] } | null;

/**
 * Attempt (/problems/:problemId/attempt, SPEC §2, §4, §5): the description, the visible tests, a note
 * that hidden tests may exist, an editor starting from the function signature, Run Tests (every test
 * runs on the server; hidden ones report only their number and verdict) and Submit, which counts
 * only when every result of the code as it stands is OK.
 *
 * Issue 24 makes it a workspace: at 1024 px and wider the description and tests on the left, the
 * editor and its results on the right, a draggable divider between; narrower, tabs (Description /
 * Code / Results). Ctrl/Cmd+Enter runs the tests, Ctrl/Cmd+Shift+Enter submits. The code is a draft
 * kept on the server as one types (useProblemDraft); Reset to starter code asks first. After Submit
 * the verdict panel shows, and goes along to the problem page.
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
  const utils = trpc.useUtils();
  const ids = useId();
  const layout = useWorkspaceLayout();
  const [tab, setTab] = useState<WorkspaceTab>('Code');
  const [split, setSplit] = useState(SPLIT_DEFAULT);
  const [confirmingReset, setConfirmingReset] = useState(false);

  const { code, setCode, status } = useProblemDraft(problem.id, problem.functionSignature);
  const [results, setResults] = useState<{ code: string; results: TestResult[] } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const submitted = verdict !== null;

  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const stale = results !== null && results.code !== code;
  const canSubmit = results !== null && !stale && allPassed(results.results);

  const onRunTests = async () => {
    if (runTests.isPending || submitted) return;
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
      setTab('Results');
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
    if (submit.isPending || submitted) return;
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
      const reply = await submit.mutateAsync({ problemId: problem.id, code });
      apply(reply.event);
      // The problem page's "Solved", own submissions and counts change with it.
      void utils.submission.mine.invalidate({ problemId: problem.id });
      void utils.problem.byId.invalidate({ id: problem.id });
      const shown: Verdict = { submission: reply.submission, standing: reply.standing };
      setVerdict(shown);
      setTab('Results');
      setNotice({ tone: 'success', lines: [problemMessages.solutionSubmitted] });
      redirect.current = window.setTimeout(
        () => void navigate(`/problem/${problem.id}`, { state: { verdict: shown } }),
        REDIRECT_AFTER_SUBMIT_MS,
      );
    } catch (err) {
      setNotice({ tone: 'error', lines: [problemMessages.errorSubmitting(errorMessage(err))] });
    }
  };

  // The shortcuts work wherever focus is on the page, the editor included (CodeMirror would take
  // Ctrl+Enter for a new line): listened to before it, in the capture phase.
  const actions = useRef({ run: onRunTests, submit: onSubmit });
  actions.current = { run: onRunTests, submit: onSubmit };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      event.stopPropagation();
      void actions.current[shortcut]();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  // On a phone the notice stands above the tabs, so it is seen whichever tab is open.
  const noticeAlert = notice && (
    <Alert tone={notice.tone}>
      {notice.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </Alert>
  );

  const mod = modifierKeyName(typeof navigator === 'undefined' ? '' : navigator.platform);
  const tabs = layout === 'tabs';
  const panel = (name: WorkspaceTab, className: string, children: ReactNode, id?: string) => (
    <section
      id={id ?? `${ids}-${name}`}
      className={`workspace__pane ${className}`}
      {...(tabs
        ? { role: 'tabpanel', 'aria-labelledby': `${ids}-${name}-tab`, hidden: tab !== name }
        : { 'aria-label': name })}
    >
      {children}
    </section>
  );

  return (
    <div className={`page problem-page attempt-page workspace workspace--${layout}`}>
      <PageHeader
        title={problem.title}
        subtitle={
          <span className="attempt-page__subtitle">
            <Link to={`/problem/${problem.id}`} className="attempt-page__back">
              Back to the problem
            </Link>
            <ProblemTags difficulty={problem.difficulty} topics={problem.topics} />
          </span>
        }
      />
      {tabs && (
        <div role="tablist" aria-label="Workspace" className="workspace__tabs">
          {WORKSPACE_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${ids}-${name}-tab`}
              aria-selected={tab === name}
              aria-controls={`${ids}-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className="workspace__tab"
              onClick={() => setTab(name)}
              onKeyDown={(event) => {
                const at = WORKSPACE_TABS.indexOf(name);
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const next =
                  WORKSPACE_TABS[(at + step + WORKSPACE_TABS.length) % WORKSPACE_TABS.length]!;
                setTab(next);
                document.getElementById(`${ids}-${next}-tab`)?.focus();
              }}
            >
              {name}
            </button>
          ))}
        </div>
      )}
      {tabs && noticeAlert}
      <div
        className="workspace__panes"
        style={tabs ? undefined : { gridTemplateColumns: `${split}% auto minmax(0, 1fr)` }}
      >
        {panel(
          'Description',
          'workspace__description',
          <>
            <h2 className="section-title">Description</h2>
            <RichText text={problem.problemText} className="problem-page__text" />
            <h2 className="section-title">Test Cases</h2>
            <TestCaseList testCases={problem.testCases} />
            <p className="problem-note">{problemMessages.hiddenTestsNote}</p>
          </>,
        )}
        {!tabs && (
          <SplitDivider value={split} onChange={setSplit} controls={`${ids}-Description`} />
        )}
        <div className="workspace__work">
          {panel(
            'Code',
            'workspace__code attempt-page__editor',
            <>
              <CodeEditor
                label="Your Solution"
                hint="Tab indents; press Escape, then Tab, to leave the editor."
                value={code}
                onChange={setCode}
              />
              <div className="workspace__toolbar">
                <div className="button-row">
                  <Button
                    variant="secondary"
                    busy={runTests.isPending}
                    disabled={submitted}
                    aria-keyshortcuts="Control+Enter Meta+Enter"
                    onClick={() => void onRunTests()}
                  >
                    Run Tests <Shortcut keys={`${mod}+Enter`} />
                  </Button>
                  <Button
                    busy={submit.isPending}
                    disabled={submitted}
                    aria-disabled={!canSubmit}
                    aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
                    className={canSubmit ? undefined : 'btn--inactive'}
                    onClick={() => void onSubmit()}
                  >
                    Submit <Shortcut keys={`${mod}+Shift+Enter`} />
                  </Button>
                </div>
                <div className="workspace__draft">
                  <DraftNote status={status} />
                  <Button variant="ghost" size="sm" onClick={() => setConfirmingReset(true)}>
                    {problemMessages.resetToStarter}
                  </Button>
                </div>
              </div>
              {!tabs && noticeAlert}
            </>,
          )}
          {panel(
            'Results',
            'workspace__results',
            <>
              {verdict && <VerdictPanel verdict={verdict} />}
              {results ? (
                <TestResultsPanel results={results.results} stale={stale} />
              ) : (
                !verdict && <p className="problem-note">{problemMessages.noResultsYet}</p>
              )}
            </>,
          )}
        </div>
      </div>
      {confirmingReset && (
        <Modal
          title={problemMessages.resetConfirmTitle}
          onClose={() => setConfirmingReset(false)}
          actions={
            <>
              <Button
                variant="danger"
                onClick={() => {
                  setCode(problem.functionSignature);
                  setConfirmingReset(false);
                }}
              >
                {problemMessages.resetToStarter}
              </Button>
              <Button variant="secondary" onClick={() => setConfirmingReset(false)}>
                Cancel
              </Button>
            </>
          }
        >
          <p>{problemMessages.resetConfirmText}</p>
        </Modal>
      )}
    </div>
  );
}

/** A shortcut hint on a button; the button's name stays its words (aria-keyshortcuts tells the keys). */
function Shortcut({ keys }: { keys: string }) {
  return (
    <kbd className="shortcut" aria-hidden="true">
      {keys}
    </kbd>
  );
}

const DRAFT_NOTES: Record<DraftStatus, string | null> = {
  idle: null,
  saving: problemMessages.draftSaving,
  saved: problemMessages.draftSaved,
  offline: problemMessages.draftOffline,
};

function DraftNote({ status }: { status: DraftStatus }) {
  const note = DRAFT_NOTES[status];
  return <span className="workspace__draft-note">{note}</span>;
}
