import { ComingSoon } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /problems: the problem list (placeholder). */
export function ProblemListPage() {
  useDocumentTitle('Problems');
  return <ComingSoon title="Problems" description="Browse, search and vote on coding problems." />;
}

/** /problems/create (placeholder). */
export function CreateProblemPage() {
  useDocumentTitle('Add a New Problem');
  return (
    <ComingSoon
      title="Add a New Problem"
      description="Write a problem with test cases and an example solution."
    />
  );
}

/** /problem/:problemId (placeholder). */
export function ProblemDetailsPage() {
  useDocumentTitle('Problem Details');
  return (
    <ComingSoon
      title="Problem Details"
      description="The problem, its test cases and the submissions leaderboard."
    />
  );
}

/** /problems/:problemId/attempt (placeholder). */
export function AttemptProblemPage() {
  useDocumentTitle('Attempt Problem');
  return (
    <ComingSoon
      title="Attempt Problem"
      description="Write and test your solution in the browser."
    />
  );
}

/** /problems/:problemId/:submissionId (placeholder). */
export function SubmissionPage() {
  useDocumentTitle('Submission');
  return (
    <ComingSoon
      title="Submission"
      description="A submitted solution with its run time and memory use."
    />
  );
}
