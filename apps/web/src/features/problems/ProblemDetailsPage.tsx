import { moderationMessages, problemMessages } from '@app/validators';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, ButtonLink, LoadingState } from '../../shared/components';
import { FlagButton } from '../../shared/moderation/FlagButton';
import { CodeEditor, preloadCodeEditor } from '../../shared/components/CodeEditor';
import { RichText } from '../../shared/components/RichText';
import { VoteBox } from '../../shared/components/VoteBox';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveProblem } from './live';
import { useNow } from '../../shared/hooks/useNow';
import { useApplyProblemEvent } from './cache';
import { errorCode, errorMessage } from '../../shared/lib/errors';
import { hiddenTestsNote } from './problemDetail';
import { parseId } from '../../shared/lib/parseId';
import { trpc } from '../../trpc';
import { Leaderboard } from './Leaderboard';
import { ProblemNotFound } from './ProblemNotFound';
import { ProblemFacts } from './ProblemFacts';
import { TestCaseList } from './TestCaseList';
import { MySubmissions } from './MySubmissions';
import { ProblemTags } from './ProblemTags';
import { VerdictPanel } from './VerdictPanel';
import type { Verdict } from './problemTypes';
import { submissionsText } from './workspace';
import { useOptionalUser } from '../../shared/session/context';

/**
 * Problem details (/problem/:problemId, SPEC §2): title, who posted it and when, votes (live for
 * every viewer), the description, the tests the viewer may read, Attempt Problem, and Show/Hide
 * Solution, which shows the example solution and the 'User Submissions' leaderboard.
 *
 * Issue 24: the difficulty, topics, submissions and acceptance rate; the verdict of a submission
 * just made (handed over by the attempt page); "Solved" and the user's own submissions; and Show
 * Submissions, the leaderboard on its own without the example solution.
 */
export default function ProblemDetailsPage() {
  const id = parseId(useParams().problemId);
  if (id === null) return <ProblemNotFound />;
  // A new id is a new page: fresh subscription, fresh view.
  return <ProblemDetails key={id} id={id} />;
}

function ProblemDetails({ id }: { id: number }) {
  const apply = useApplyProblemEvent();
  useLiveProblem(id);
  const problem = trpc.problem.byId.useQuery({ id });
  const now = useNow(undefined, problem.data);
  useDocumentTitle(problem.data?.title ?? 'Problem');
  const [showSolution, setShowSolution] = useState(false);
  const [showSubmissions, setShowSubmissions] = useState(false);
  const solutionId = useId();
  const submissionsId = useId();
  const user = useOptionalUser();
  // The verdict handed over by Submit shows while the page is open; taken out of the history entry
  // at once, so a reload or a later Back does not show it again as if it were new.
  const location = useLocation();
  const navigate = useNavigate();
  const [verdict] = useState(() => {
    const handedOver = (location.state as { verdict?: Verdict } | null)?.verdict;
    return handedOver?.submission.problemId === id ? handedOver : null;
  });
  useEffect(() => {
    if (verdict) void navigate('.', { replace: true, state: null });
  }, [verdict, navigate]);

  const vote = trpc.problem.vote.useMutation();
  // SPEC §8: vote failures are silently ignored (the count stays as the server last told it), but
  // a refusal (a vote on one's own problem) says why.
  const [refusal, setRefusal] = useState<string | null>(null);
  const onVote = (direction: 'up' | 'down') => {
    setRefusal(null);
    vote.mutate(
      { id, vote: direction },
      {
        onSuccess: ({ event }) => apply(event),
        onError: (err) => {
          if (errorCode(err) === 'FORBIDDEN') setRefusal(errorMessage(err));
        },
      },
    );
  };

  const code = problem.isError ? errorCode(problem.error) : null;
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <ProblemNotFound />;
  if (problem.isPending) return <LoadingState label={problemMessages.loading} />;
  if (!problem.data) {
    return (
      <div className="page">
        <Alert>{problemMessages.loadProblemFailed(errorMessage(problem.error))}</Alert>
      </div>
    );
  }

  const data = problem.data;
  return (
    <div className="page problem-page">
      <header className="problem-page__header">
        <VoteBox
          score={data.voteScore}
          myVote={data.myVote}
          busy={vote.isPending}
          onVote={onVote}
        />
        <div className="problem-page__heading">
          <h1 className="problem-page__title">{data.title}</h1>
          <ProblemFacts postedBy={data.postedBy} createdAt={data.createdAt} />
          <p className="problem-page__tags">
            <ProblemTags difficulty={data.difficulty} topics={data.topics} />
            <span className="problem-page__counts">{submissionsText(data)}</span>
          </p>
          {data.hidden && <p className="problem-note">{moderationMessages.hiddenNotice}</p>}
          <FlagButton kind="problem" id={data.id} author={data.postedBy} />
        </div>
      </header>
      {refusal && <Alert>{refusal}</Alert>}
      {verdict && <VerdictPanel verdict={verdict} />}

      <section className="problem-section" aria-labelledby={`${solutionId}-description`}>
        <h2 id={`${solutionId}-description`} className="section-title">
          Description
        </h2>
        <RichText text={data.problemText} className="problem-page__text" />
      </section>

      <section className="problem-section" aria-labelledby={`${solutionId}-tests`}>
        <h2 id={`${solutionId}-tests`} className="section-title">
          Test Cases
        </h2>
        <TestCaseList testCases={data.testCases} />
        {data.hiddenTestCount > 0 && (
          <p className="problem-note">{hiddenTestsNote(data.hiddenTestCount, data.isAuthor)}</p>
        )}
      </section>

      <div className="button-row">
        <ButtonLink to={`/problems/${id}/attempt`} onPointerEnter={preloadCodeEditor}>
          Attempt Problem
        </ButtonLink>
        <Button
          variant="secondary"
          aria-expanded={showSolution}
          aria-controls={solutionId}
          onPointerEnter={preloadCodeEditor}
          onFocus={preloadCodeEditor}
          onClick={() => setShowSolution((shown) => !shown)}
        >
          {showSolution ? 'Hide Solution' : 'Show Solution'}
        </Button>
        {!showSolution && (
          <Button
            variant="secondary"
            aria-expanded={showSubmissions}
            aria-controls={submissionsId}
            onClick={() => setShowSubmissions((shown) => !shown)}
          >
            {showSubmissions ? 'Hide Submissions' : 'Show Submissions'}
          </Button>
        )}
      </div>

      {user && <MySubmissions problemId={id} now={now} />}

      <div id={submissionsId} hidden={!showSubmissions || showSolution}>
        {showSubmissions && !showSolution && <Leaderboard problemId={id} now={now} />}
      </div>

      <div id={solutionId} className="problem-solution" hidden={!showSolution}>
        {showSolution && (
          <>
            <section className="problem-section">
              <CodeEditor label="Suggested Solution" value={data.suggestedSolution} readOnly />
            </section>
            <Leaderboard problemId={id} now={now} />
          </>
        )}
      </div>
    </div>
  );
}
