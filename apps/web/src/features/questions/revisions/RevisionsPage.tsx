import { editMessages, questionMessages, revisionLabel } from '@app/validators';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import {
  Alert,
  EmptyState,
  LoadingState,
  PageHeader,
  RelativeTime,
} from '../../../shared/components';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useLiveQuestion } from '../live';
import { useNow } from '../../../shared/hooks/useNow';
import { errorCode, prefixedError } from '../../../shared/lib/errors';
import { parseId } from '../../../shared/lib/parseId';
import { sameTagList } from './textDiff';
import { trpc, type RouterOutputs } from '../../../trpc';
import { TagsDiff, TextDiff, type DiffView } from './RevisionDiff';

type QuestionRevision = RouterOutputs['question']['revisions']['revisions'][number];
type AnswerRevision = RouterOutputs['answer']['revisions']['revisions'][number];

const DIFF_VIEWS: { view: DiffView; label: string }[] = [
  { view: 'inline', label: editMessages.inline },
  { view: 'side', label: editMessages.sideBySide },
];

/** ?view=side shows before and after side by side; inline otherwise. */
function useDiffView(): [DiffView, (view: DiffView) => void] {
  const [params, setParams] = useSearchParams();
  const view: DiffView = params.get('view') === 'side' ? 'side' : 'inline';
  return [view, (next) => setParams(next === 'side' ? { view: next } : {}, { replace: true })];
}

function DiffViewSwitch({ view, onChange }: { view: DiffView; onChange: (v: DiffView) => void }) {
  return (
    <div className="order-buttons" role="group" aria-label={editMessages.diffView}>
      {DIFF_VIEWS.map((option) => (
        <button
          key={option.view}
          type="button"
          className="order-buttons__button"
          aria-pressed={view === option.view}
          onClick={() => onChange(option.view)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

const Author = ({ username }: { username: string }) => (
  <Link to={`/user/${encodeURIComponent(username)}`} className="author">
    {username}
  </Link>
);

/** One edit: its number, who and when, then what it changed. */
function RevisionCard({
  revision,
  count,
  now,
  children,
}: {
  revision: { number: number; editedBy: string; editedAt: Date };
  count: number;
  now: number;
  children: ReactNode;
}) {
  const headingId = `revision-${revision.number}`;
  return (
    <article className="revision card" aria-labelledby={headingId}>
      <header className="revision__header">
        <h2 id={headingId} className="revision__title">
          {revisionLabel(revision.number, count)}
        </h2>
        <p className="revision__byline">
          edited by <Author username={revision.editedBy} />{' '}
          <RelativeTime date={revision.editedAt} now={now} />
        </p>
      </header>
      {children}
    </article>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="revision__section">
      <h3 className="revision__label">{label}</h3>
      {children}
    </section>
  );
}

function QuestionChanges({ revision, view }: { revision: QuestionRevision; view: DiffView }) {
  const { before, after } = revision;
  return (
    <>
      {before.title !== after.title && (
        <Section label={editMessages.title}>
          <TextDiff before={before.title} after={after.title} view={view} />
        </Section>
      )}
      {!sameTagList(before.tags, after.tags) && (
        <Section label={editMessages.tags}>
          <TagsDiff before={before.tags} after={after.tags} />
        </Section>
      )}
      {before.text !== after.text && (
        <Section label={editMessages.text}>
          <TextDiff before={before.text} after={after.text} view={view} />
        </Section>
      )}
    </>
  );
}

function AnswerChanges({ revision, view }: { revision: AnswerRevision; view: DiffView }) {
  return (
    <Section label={editMessages.text}>
      <TextDiff before={revision.before.text} after={revision.after.text} view={view} />
    </Section>
  );
}

function HistoryLayout({
  subtitle,
  view,
  onView,
  empty,
  children,
}: {
  subtitle: ReactNode;
  view: DiffView;
  onView: (view: DiffView) => void;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <div className="page revisions-page">
      <PageHeader
        title={editMessages.revisions}
        subtitle={subtitle}
        actions={!empty && <DiffViewSwitch view={view} onChange={onView} />}
      />
      {empty ? (
        <EmptyState title={editMessages.noRevisions} />
      ) : (
        <div className="revisions">{children}</div>
      )}
    </div>
  );
}

/** A failed load: unknown ids go to /home, anything else says what went wrong. */
function LoadProblem({ error }: { error: unknown }) {
  const code = errorCode(error);
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <Navigate to="/home" replace />;
  return (
    <div className="page">
      <Alert>{prefixedError(editMessages.revisionsFailed, error)}</Alert>
    </div>
  );
}

/** A question's revisions (/question/:qid/revisions), newest first, live as the author edits. */
export function QuestionRevisionsPage() {
  useDocumentTitle(editMessages.revisions);
  const qid = parseId(useParams().qid);
  if (qid === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <QuestionHistory key={qid} qid={qid} />;
}

function QuestionHistory({ qid }: { qid: number }) {
  useLiveQuestion(qid);
  const [view, setView] = useDiffView();
  const history = trpc.question.revisions.useQuery({ qid });
  const now = useNow(undefined, history.data);
  if (history.isPending) return <LoadingState label="Loading revisions..." />;
  if (!history.data) return <LoadProblem error={history.error} />;
  const { revisions, title, askedBy } = history.data;
  return (
    <HistoryLayout
      subtitle={
        <>
          of <Link to={`/question/${qid}`}>{title}</Link>, asked by <Author username={askedBy} />
        </>
      }
      view={view}
      onView={setView}
      empty={revisions.length === 0}
    >
      {revisions.map((revision) => (
        <RevisionCard key={revision.number} revision={revision} count={revisions.length} now={now}>
          <QuestionChanges revision={revision} view={view} />
        </RevisionCard>
      ))}
    </HistoryLayout>
  );
}

/** An answer's revisions (/question/:qid/answer/:answerId/revisions), newest first, live. */
export function AnswerRevisionsPage() {
  useDocumentTitle(editMessages.revisions);
  const params = useParams();
  const qid = parseId(params.qid);
  const answerId = parseId(params.answerId);
  if (qid === null || answerId === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <AnswerHistory key={`${qid}/${answerId}`} qid={qid} answerId={answerId} />;
}

function AnswerHistory({ qid, answerId }: { qid: number; answerId: number }) {
  useLiveQuestion(qid);
  const [view, setView] = useDiffView();
  const history = trpc.answer.revisions.useQuery({ answerId });
  const now = useNow(undefined, history.data);
  if (history.isPending) return <LoadingState label="Loading revisions..." />;
  if (!history.data) return <LoadProblem error={history.error} />;
  // The answer decides its question: a URL naming another question still leads to the right page.
  const { revisions, questionTitle, ansBy } = history.data;
  return (
    <HistoryLayout
      subtitle={
        <>
          of an answer by <Author username={ansBy} /> to{' '}
          <Link to={`/question/${history.data.qid}`}>{questionTitle}</Link>
        </>
      }
      view={view}
      onView={setView}
      empty={revisions.length === 0}
    >
      {revisions.map((revision) => (
        <RevisionCard key={revision.number} revision={revision} count={revisions.length} now={now}>
          <AnswerChanges revision={revision} view={view} />
        </RevisionCard>
      ))}
    </HistoryLayout>
  );
}
