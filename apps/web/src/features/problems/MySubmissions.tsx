import { problemMessages } from '@app/validators';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../shared/components';
import { trpc } from '../../trpc';
import { leaderboardKb, leaderboardMs } from './leaderboardOrder';

/**
 * The signed-in user's own submissions to the problem (issue 24): "Solved" once one is accepted,
 * each opening the submission view.
 */
export function MySubmissions({ problemId, now }: { problemId: number; now: number }) {
  const headingId = useId();
  const mine = trpc.submission.mine.useQuery({ problemId });
  if (!mine.data) return null;
  const rows = mine.data;
  return (
    <section className="problem-section my-submissions" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Your Submissions
        {rows.length > 0 && <span className="solved-mark">{problemMessages.solved}</span>}
      </h2>
      {rows.length === 0 ? (
        <p className="problem-note">{problemMessages.noSubmissionsYet}</p>
      ) : (
        <ul className="my-submissions__list">
          {rows.map((row) => (
            <li key={row.id}>
              <Link to={`/problems/${problemId}/${row.id}`}>
                {problemMessages.accepted} · {leaderboardMs(row.runTime)} ·{' '}
                {leaderboardKb(row.heapUse)}
              </Link>{' '}
              <RelativeTime date={row.createdAt} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
