import { problemCardText, problemMessages } from '@app/validators';
import { Link } from 'react-router-dom';
import { AuthorLink } from '../../shared/components/AuthorLink';
import { RelativeTime } from '../../shared/components/RelativeTime';
import type { ProblemSummary } from './problemTypes';
import { countLabel } from '../../shared/lib/countLabel';
import { ProblemTags } from './ProblemTags';
import { submissionsText } from './workspace';

export interface ProblemCardProps {
  problem: ProblemSummary;
  /** The current time, for 'posted 3 minutes ago'. */
  now: number;
  /** The signed-in viewer has an accepted submission of it (issue 24's Solved mark). */
  solved?: boolean;
}

/**
 * One problem in the list (SPEC §2): the vote count, the title (a link stretched over the card), the
 * text cut at 75 characters plus '...', and who created it when. Issue 24 adds its difficulty and
 * topics, its submissions and acceptance rate, and the viewer's Solved mark.
 */
export function ProblemCard({ problem, now, solved = false }: ProblemCardProps) {
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
          {solved && <span className="solved-mark">{problemMessages.solved}</span>}
        </h2>
        <p className="problem-card__tags">
          <ProblemTags difficulty={problem.difficulty} topics={problem.topics} />
          <span className="problem-card__counts">{submissionsText(problem)}</span>
        </p>
        <p className="problem-card__text">{problemCardText(problem.text)}</p>
        <p className="problem-card__meta">
          Created by <AuthorLink username={problem.postedBy} />{' '}
          <RelativeTime date={problem.createdAt} now={now} />
        </p>
      </div>
    </article>
  );
}
