import {
  formatRelativeTime,
  problemMessages,
  SUBMISSION_SORTS,
  submissionSortLabels,
} from '@app/validators';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, LoadingState, RelativeTime } from '../../shared/components';
import { errorMessage } from '../../shared/lib/errors';
import {
  DEFAULT_LEADERBOARD_ORDER,
  leaderboardKb,
  leaderboardMs,
  linesLabel,
  nextLeaderboardOrder,
  type LeaderboardOrder,
} from './leaderboardOrder';
import { trpc } from '../../trpc';

export interface LeaderboardProps {
  problemId: number;
  now: number;
}

/**
 * The 'User Submissions' leaderboard (SPEC §2): sort by Date, Code Length, Run Time or Heap Use
 * (the column headers; clicking the active one flips it; date descending at first). Each row names
 * the submitter, date, line count, run time in ms and heap in kB, and opens the submission. New
 * submissions arrive live (useLiveProblem on the page).
 */
export function Leaderboard({ problemId, now }: LeaderboardProps) {
  const headingId = useId();
  const [order, setOrder] = useState<LeaderboardOrder>(DEFAULT_LEADERBOARD_ORDER);
  const board = trpc.submission.list.useQuery(
    { problemId, sort: order.sort, direction: order.direction },
    { placeholderData: (previous) => previous },
  );

  const header = (sort: (typeof SUBMISSION_SORTS)[number]) => {
    const active = order.sort === sort;
    return (
      <th
        key={sort}
        scope="col"
        className="leaderboard__sortable"
        aria-sort={active ? (order.direction === 'desc' ? 'descending' : 'ascending') : undefined}
      >
        <button
          type="button"
          className="leaderboard__sort"
          onClick={() => setOrder(nextLeaderboardOrder(order, sort))}
        >
          {submissionSortLabels[sort]}
          <span aria-hidden="true" className="leaderboard__arrow">
            {active ? (order.direction === 'desc' ? '↓' : '↑') : ''}
          </span>
        </button>
      </th>
    );
  };

  return (
    <section className="leaderboard" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        User Submissions
      </h2>
      {board.isPending ? (
        <LoadingState label="Loading submissions..." />
      ) : !board.data ? (
        <Alert>{problemMessages.loadSubmissionsFailed(errorMessage(board.error))}</Alert>
      ) : board.data.length === 0 ? (
        <p className="muted">No submissions yet. Be the first to solve it.</p>
      ) : (
        <div className="leaderboard__frame">
          <table
            className="leaderboard__table"
            aria-labelledby={headingId}
            aria-busy={board.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">Submitted by</th>
                {SUBMISSION_SORTS.map(header)}
              </tr>
            </thead>
            <tbody>
              {board.data.map((row) => (
                <tr key={row.id} className="leaderboard__row">
                  <th scope="row" className="leaderboard__who">
                    <Link
                      to={`/problems/${problemId}/${row.id}`}
                      className="leaderboard__link"
                      aria-label={`Submission by ${row.submissionBy}, ${formatRelativeTime(row.createdAt, now)}`}
                    >
                      {row.submissionBy}
                    </Link>
                  </th>
                  <td data-label="Date">
                    <RelativeTime date={row.createdAt} now={now} />
                  </td>
                  <td data-label="Code Length">{linesLabel(row.lineCount)}</td>
                  <td data-label="Run Time">{leaderboardMs(row.runTime)}</td>
                  <td data-label="Heap Use">{leaderboardKb(row.heapUse)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
