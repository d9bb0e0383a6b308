import { problemMessages } from '@app/validators';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Verdict } from './problemTypes';
import { heapText, runTimeText, standingLines } from './workspace';

/**
 * Issue 24's verdict after Submit: Accepted, the run time and heap the server measured, and where
 * each stands among the problem's submissions ("faster than 83% of submissions").
 */
export function VerdictPanel({ verdict }: { verdict: Verdict }) {
  const headingId = useId();
  const { submission, standing } = verdict;
  const lines = standingLines(standing);
  return (
    <section className="verdict" aria-labelledby={headingId}>
      <h2 id={headingId} className="verdict__title">
        {problemMessages.accepted}
      </h2>
      <dl className="verdict__figures">
        <div className="verdict__figure">
          <dt>Run Time</dt>
          <dd>
            <strong>{runTimeText(submission.runTime)}</strong>
            <span>{lines.runTime}</span>
          </dd>
        </div>
        <div className="verdict__figure">
          <dt>Heap Use</dt>
          <dd>
            <strong>{heapText(submission.heapUse)}</strong>
            <span>{lines.heap}</span>
          </dd>
        </div>
      </dl>
      <p className="verdict__link">
        <Link to={`/problems/${submission.problemId}/${submission.id}`}>View this submission</Link>
      </p>
    </section>
  );
}
