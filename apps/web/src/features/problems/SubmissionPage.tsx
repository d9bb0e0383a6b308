import { problemMessages } from '@app/validators';
import { useId } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import {
  Alert,
  ButtonLink,
  EmptyState,
  LoadingState,
  PageHeader,
  RelativeTime,
} from '../../shared/components';
import { CodeEditor } from '../../shared/components/CodeEditor';
import { RichText } from '../../shared/components/RichText';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNow } from '../../shared/hooks/useNow';
import { errorCode, errorMessage } from '../../shared/lib/errors';
import { linesLabel } from './leaderboardOrder';
import { parseId } from '../../shared/lib/parseId';
import { formatKb, formatMs } from './testResults';
import { trpc } from '../../trpc';
import { ProblemNotFound } from './ProblemNotFound';

function SubmissionNotFound({ problemId }: { problemId: number }) {
  return (
    <div className="page">
      <EmptyState title={problemMessages.submissionNotFound}>
        <ButtonLink to={`/problem/${problemId}`} variant="secondary">
          Back to the problem
        </ButtonLink>
      </EmptyState>
    </div>
  );
}

/**
 * Submission view (/problems/:problemId/:submissionId, SPEC §2): the problem, the submitted code
 * read-only in the editor, and its figures (submitter, date, lines, and the mean run time and heap
 * use over the tests, to the microsecond and tenth of a kilobyte: the leaderboard rounds them).
 */
export default function SubmissionPage() {
  const params = useParams();
  const problemId = parseId(params.problemId);
  const submissionId = parseId(params.submissionId);
  const now = useNow();
  const headingId = useId();
  const submission = trpc.submission.byId.useQuery(
    { id: submissionId ?? 0 },
    { enabled: submissionId !== null },
  );
  useDocumentTitle(
    submission.data ? `Submission by ${submission.data.submissionBy}` : 'Submission',
  );

  if (problemId === null) return <ProblemNotFound />;
  const code = submission.isError ? errorCode(submission.error) : null;
  if (submissionId === null || code === 'NOT_FOUND' || code === 'BAD_REQUEST')
    return <SubmissionNotFound problemId={problemId} />;
  if (submission.isPending) return <LoadingState label="Loading submission..." />;
  if (!submission.data) {
    return (
      <div className="page">
        <Alert>{problemMessages.errorFetchingSubmission(errorMessage(submission.error))}</Alert>
      </div>
    );
  }
  const data = submission.data;
  // A submission under another problem's address: show it under its own.
  if (data.problemId !== problemId)
    return <Navigate to={`/problems/${data.problemId}/${data.id}`} replace />;

  return (
    <div className="page problem-page submission-page">
      <PageHeader
        title={`Submission by ${data.submissionBy}`}
        subtitle={
          <>
            For <Link to={`/problem/${data.problem.id}`}>{data.problem.title}</Link>
          </>
        }
      />
      <dl className="submission-stats" aria-label="Submission figures">
        <div>
          <dt>Submitted by</dt>
          <dd>
            <Link to={`/user/${encodeURIComponent(data.submissionBy)}`} className="author">
              {data.submissionBy}
            </Link>
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            <RelativeTime date={data.createdAt} now={now} />
          </dd>
        </div>
        <div>
          <dt>Code Length</dt>
          <dd>{linesLabel(data.lineCount)}</dd>
        </div>
        <div>
          <dt>Run Time</dt>
          <dd>{formatMs(data.runTime)} ms</dd>
        </div>
        <div>
          <dt>Heap Use</dt>
          <dd>{formatKb(data.heapUse)} kB</dd>
        </div>
      </dl>
      <CodeEditor label="Submitted Code" value={data.submissionCode} readOnly />
      <section className="problem-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="section-title">
          The Problem
        </h2>
        <RichText text={data.problem.problemText} className="problem-page__text" />
        <span className="test-result__label">Function Signature</span>
        <pre className="code-block">{data.problem.functionSignature}</pre>
      </section>
    </div>
  );
}
