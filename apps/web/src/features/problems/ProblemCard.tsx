import { problemCardText } from '@app/validators';
import { Link } from 'react-router-dom';
import { AuthorLink } from '../../shared/components/AuthorLink';
import { RelativeTime } from '../../shared/components/RelativeTime';
import type { ProblemSummary } from './problemTypes';
import { countLabel } from '../../shared/lib/countLabel';

export interface ProblemCardProps {
  problem: ProblemSummary;
  /** The current time, for 'posted 3 minutes ago'. */
  now: number;
}

/**
 * One problem in the list (SPEC §2): the vote count, the title (a link stretched over the card), the
 * text cut at 75 characters plus '...', and who created it when.
 */
export function ProblemCard({ problem, now }: ProblemCardProps) {
  return (
    <article className="problem-card list-card">
      <div className="problem-card__votes list-card__stats">
        <span className="problem-card__score">{countLabel(problem.voteScore, 'vote')}</span>
        <span className="problem-card__split">
          <span>{problem.upVoteCount} up</span>
          <span>{problem.downVoteCount} down</span>
        </span>
      </div>
      <div className="problem-card__main">
        <h2 className="problem-card__title list-card__title">
          <Link to={`/problem/${problem.id}`} className="problem-card__link list-card__link">
            {problem.title}
          </Link>
        </h2>
        <p className="problem-card__text">{problemCardText(problem.text)}</p>
        <p className="problem-card__meta">
          Created by <AuthorLink username={problem.postedBy} />{' '}
          <RelativeTime date={problem.createdAt} now={now} />
        </p>
      </div>
    </article>
  );
}
